import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a raw socket, so tests can send any Host, Origin or path bytes
/// (URLSession rewrites some of them).
struct LoopbackClient {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let port: Int

    /// Sends one request and reads the whole reply (the server closes the connection). The
    /// blocking socket calls run on a Dispatch thread, never on a Swift concurrency thread, which
    /// the server in the same process needs to answer.
    func send(
        _ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], body: Data = Data()
    ) async throws -> Reply {
        let result: Result<Reply, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { try blockingSend(method, path, host: host, headers: headers, body: body) })
            }
        }
        return try result.get()
    }

    private func blockingSend(
        _ method: String, _ path: String, host: String?, headers: [String: String], body: Data
    ) throws -> Reply {
        let socket = try Self.connectedSocket(port: port)
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if method != "GET" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        write(Data(head.utf8) + body, to: socket)
        var reply = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count <= 0 { break }
            reply.append(contentsOf: chunk[..<count])
        }
        return try parse(reply)
    }

    /// A TCP socket connected to the loopback port; the caller closes it.
    static func connectedSocket(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ClientError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw ClientError.connect
        }
        return socket
    }

    private func write(_ data: Data, to socket: Int32) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(socket, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                // The server may refuse early and close before the whole body is sent.
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    private func parse(_ reply: Data) throws -> Reply {
        guard let split = reply.range(of: Data("\r\n\r\n".utf8)) else { throw ClientError.malformed }
        let head = String(decoding: reply[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = head.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        guard let status else { throw ClientError.malformed }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: Data(reply[split.upperBound...]))
    }

    enum ClientError: Error { case socket, connect, malformed }
}
