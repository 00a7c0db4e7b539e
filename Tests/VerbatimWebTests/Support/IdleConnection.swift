import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to the server that sends nothing, as a browser's spare keep-alive socket does.
struct IdleConnection {
    let socket: Int32

    init(port: Int) throws { socket = try LoopbackClient.connectedSocket(port: port) }

    func close() { _ = Glibc.close(socket) }
}
