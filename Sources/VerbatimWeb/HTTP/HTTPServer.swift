private import CMicroHTTPD
import Foundation

/// An embedded HTTP server over libmicrohttpd, bound to one IPv4 address.
///
/// Every connection has its own thread, so a request may wait for async work (a model step, a
/// transcription) without holding up the others; the handler runs in a Swift task while the
/// connection's thread waits for it.
public final class HTTPServer: Sendable {
    /// The address the server listens on.
    public let host: String
    /// The port it listens on.
    public let port: Int
    /// What answers the requests.
    public let responder: any HTTPResponder
    // Owned by this object: set once in `init`, stopped in `stop()` or `deinit`.
    nonisolated(unsafe) private var daemon: OpaquePointer?

    /// Starts listening.
    /// - Parameters:
    ///   - host: An IPv4 address, e.g. `127.0.0.1`.
    ///   - port: The port; 0 lets the system choose a free one (see ``port``).
    ///   - responder: What answers the requests.
    /// - Throws: ``WebError/cannotListen(host:port:)`` when the address cannot be bound.
    public init(host: String, port: Int, responder: any HTTPResponder) throws(WebError) {
        guard (0...65_535).contains(port) else { throw .cannotListen(host: host, port: port) }
        self.host = host
        self.responder = responder
        let box = Unmanaged.passRetained(ResponderBox(responder))
        let started = verbatim_mhd_start(host, UInt16(port), handleRequest, box.toOpaque(), requestCompleted, nil, 64)
        guard let started else {
            box.release()
            throw .cannotListen(host: host, port: port)
        }
        self.box = box
        self.daemon = started
        self.port = Int(verbatim_mhd_port(started))
    }

    nonisolated(unsafe) private var box: Unmanaged<ResponderBox>?

    /// Stops listening and waits for open connections to end.
    public func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        box?.release()
        box = nil
    }

    deinit { stop() }
}

/// The responder, as an object a C pointer can carry.
private final class ResponderBox: Sendable {
    let responder: any HTTPResponder
    init(_ responder: any HTTPResponder) { self.responder = responder }
}

/// One request being read: the handler is called once for the headers, once per body chunk,
/// and once at the end. Only the connection's own thread touches it.
private final class PendingRequest: @unchecked Sendable {
    var request: HTTPRequest
    var limit: Int
    var isTooLarge = false

    init(request: HTTPRequest, limit: Int) {
        self.request = request
        self.limit = limit
    }
}

/// Collects a connection's key/value pairs of one kind (headers or query arguments).
private func values(of connection: OpaquePointer?, kind: MHD_ValueKind) -> [String: String] {
    final class Collected { var values: [String: String] = [:] }
    let collected = Collected()
    let context = Unmanaged.passUnretained(collected).toOpaque()
    _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
        guard let context, let key else { return verbatim_mhd_yes() }
        let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
        collected.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
        return verbatim_mhd_yes()
    }, context)
    return collected.values
}

private let handleRequest: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
    guard let context, let state, let uploadSize else { return verbatim_mhd_no() }
    let responder = Unmanaged<ResponderBox>.fromOpaque(context).takeUnretainedValue().responder
    if state.pointee == nil {
        let path = url.map { String(cString: $0) } ?? "/"
        let verb = method.map { String(cString: $0) } ?? "GET"
        let request = HTTPRequest(
            method: verb, path: path, query: values(of: connection, kind: verbatim_mhd_arguments()),
            headers: values(of: connection, kind: verbatim_mhd_headers()))
        let pending = PendingRequest(request: request, limit: responder.bodyLimit(method: verb, path: path))
        if let length = request.header("content-length").flatMap(Int.init), length > pending.limit {
            pending.isTooLarge = true
        }
        state.pointee = Unmanaged.passRetained(pending).toOpaque()
        return verbatim_mhd_yes()
    }
    let pending = Unmanaged<PendingRequest>.fromOpaque(state.pointee!).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if !pending.isTooLarge, let uploadData {
            if pending.request.body.count + uploadSize.pointee > pending.limit {
                pending.isTooLarge = true
                pending.request.body = Data()
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                    pending.request.body.append($0, count: uploadSize.pointee)
                }
            }
        }
        uploadSize.pointee = 0
        return verbatim_mhd_yes()
    }
    let response: HTTPResponse
    if pending.isTooLarge {
        response = responder.refuse(.tooLarge(limit: pending.limit))
    } else {
        response = waitFor { await responder.respond(to: pending.request) }
    }
    return send(response, on: connection)
}

private let requestCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pointer).release()
    state.pointee = nil
}

/// Runs async work from a connection's own thread (never a Swift concurrency thread) and waits.
private func waitFor(_ work: @escaping @Sendable () async -> HTTPResponse) -> HTTPResponse {
    // Written by the task before it signals, read by this thread after the wait: never at once.
    final class Result: @unchecked Sendable { var response = HTTPResponse(status: 500) }
    let result = Result()
    let done = DispatchSemaphore(value: 0)
    Task {
        result.response = await work()
        done.signal()
    }
    done.wait()
    return result.response
}

private func send(_ response: HTTPResponse, on connection: OpaquePointer?) -> MHD_Result {
    let made = response.body.withUnsafeBytes { verbatim_mhd_response($0.baseAddress, $0.count) }
    guard let made else { return verbatim_mhd_no() }
    for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
    let queued = MHD_queue_response(connection, UInt32(response.status), made)
    MHD_destroy_response(made)
    return queued
}
