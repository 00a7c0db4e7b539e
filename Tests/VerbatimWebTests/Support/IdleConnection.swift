import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to the server that sends nothing, as a browser's spare keep-alive socket does.
struct IdleConnection {
    let socket: Int32

    init(port: Int) throws { socket = try LoopbackClient.connectedSocket(port: port) }

    func close() { _ = Glibc.close(socket) }

    /// Whether the server still holds the connection open: a peek that would block finds no
    /// end of stream (a server that timed the connection out has closed it).
    var isOpen: Bool {
        var byte: UInt8 = 0
        let received = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }
}
