private import CMicroHTTPD
import Foundation
import Synchronization

/// An embedded HTTP server over libmicrohttpd, bound to one IPv4 address.
///
/// Two polling threads (epoll) serve every connection, so idle keep-alive connections cost a
/// file descriptor each, not a thread, and cannot lock others out. A complete request suspends
/// its connection while its handler runs in a Swift task (a model step or a transcription may
/// take seconds); the task resumes the connection with the response.
public final class HTTPServer: Sendable {
    /// The address the server listens on.
    public let host: String
    /// The port it listens on.
    public let port: Int
    /// What answers the requests.
    public let responder: any HTTPResponder
    /// Polling threads; handlers do not run on them, so two serve any number of connections.
    static let pollingThreads: UInt32 = 2
    /// Seconds a connection may stay idle before the server closes it.
    static let idleTimeoutSeconds: UInt32 = 15
    // Owned by this object: set once in `init`, stopped in `stop()` or `deinit`.
    nonisolated(unsafe) private var daemon: OpaquePointer?
    nonisolated(unsafe) private var box: Unmanaged<ServerBox>?
    private let requests: InFlightRequests

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
        let requests = InFlightRequests()
        self.requests = requests
        let box = Unmanaged.passRetained(ServerBox(responder: responder, requests: requests))
        let started = verbatim_mhd_start(
            host, UInt16(port), handleRequest, box.toOpaque(), requestCompleted, box.toOpaque(), Self.connectionLimit(),
            Self.pollingThreads, Self.idleTimeoutSeconds)
        guard let started else {
            box.release()
            throw .cannotListen(host: host, port: port)
        }
        self.box = box
        self.daemon = started
        self.port = Int(verbatim_mhd_port(started))
    }

    /// Connections open at once: as many as the process may open files, less a reserve for the
    /// model, the diary and the notes, between 64 and 4,096.
    static func connectionLimit() -> UInt32 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        return UInt32(clamping: min(4_096, max(64, Int(clamping: limit.rlim_cur) - 128)))
    }

    /// The requests whose handlers are running now.
    public var requestsInFlight: Int { requests.count }

    /// Stops taking requests (new ones get 503), lets the ones in flight finish for up to
    /// `grace`, cancels what still runs, then stops listening.
    public func shutDown(grace: Duration = .seconds(10)) async {
        requests.close()
        let deadline = ContinuousClock.now + grace
        // A handler that returned has only handed its response over: it is sent once the polling
        // thread resumes the connection, and stopping before would cut it off.
        while requests.count > 0 || requests.unsent > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        stop()
    }

    /// Stops listening at once: requests in flight are cancelled, and their connections closed
    /// once their handlers return.
    public func stop() {
        guard let daemon else { return }
        requests.close()
        requests.cancelAll()
        // libmicrohttpd must not be stopped while a connection is suspended.
        while requests.count > 0 { usleep(5_000) }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        box?.release()
        box = nil
    }

    deinit { stop() }
}

/// The handlers running now, so a shutdown can wait for them or cancel them; once closed, no
/// new one starts.
private final class InFlightRequests: Sendable {
    private struct State {
        var tasks: [Int: Task<Void, Never>] = [:]
        var next = 0
        var closed = false
        /// Answers started whose request libmicrohttpd has not yet reported complete.
        var unsent = 0
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.tasks.count } }

    /// Answers started and not yet sent (their handler may have returned).
    var unsent: Int { state.withLock { $0.unsent } }

    /// libmicrohttpd reported a request with a started answer complete: sent, or its
    /// connection gone.
    func completed() { state.withLock { $0.unsent -= 1 } }

    func close() { state.withLock { $0.closed = true } }

    func cancelAll() {
        for task in state.withLock({ Array($0.tasks.values) }) { task.cancel() }
    }

    /// Starts `work` as a tracked task, or returns `false` when closed.
    func start(_ work: @escaping @Sendable () async -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.unsent += 1
            state.next += 1
            let id = state.next
            // The task removes itself when done; it cannot run before this lock is released.
            state.tasks[id] = Task { [self] in
                await work()
                finished(id)
            }
            return true
        }
    }

    private func finished(_ id: Int) {
        state.withLock { _ = $0.tasks.removeValue(forKey: id) }
    }
}

/// The responder and the running handlers, as an object a C pointer can carry.
private final class ServerBox: Sendable {
    let responder: any HTTPResponder
    let requests: InFlightRequests

    init(responder: any HTTPResponder, requests: InFlightRequests) {
        self.responder = responder
        self.requests = requests
    }
}

/// One request being read: the handler is called once for the headers, once per body chunk,
/// and once at the end (again after its connection resumes, to send the response). The polling
/// thread reads and writes `request`; the handler's task sets the response before it resumes
/// the connection.
private final class PendingRequest: @unchecked Sendable {
    var request: HTTPRequest
    var limit: Int
    var isTooLarge = false
    var isAnswering = false
    /// Whether its answer counts among the server's unsent ones until the request completes.
    var isCounted = false
    private let response = Mutex<HTTPResponse?>(nil)

    init(request: HTTPRequest, limit: Int) {
        self.request = request
        self.limit = limit
    }

    func answer(_ response: HTTPResponse) { self.response.withLock { $0 = response } }
    func takeResponse() -> HTTPResponse? { response.withLock { $0.take() } }
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
    let box = Unmanaged<ServerBox>.fromOpaque(context).takeUnretainedValue()
    let responder = box.responder
    if state.pointee == nil {
        let path = url.map { String(cString: $0) } ?? "/"
        let verb = method.map { String(cString: $0) } ?? "GET"
        var address = [CChar](repeating: 0, count: 64)
        verbatim_mhd_client_address(connection, &address, address.count)
        let client = String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let request = HTTPRequest(
            method: verb, path: path, query: values(of: connection, kind: verbatim_mhd_arguments()),
            headers: values(of: connection, kind: verbatim_mhd_headers()), client: client)
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
    if let response = pending.takeResponse() { return send(response, on: connection) }
    guard !pending.isAnswering else { return verbatim_mhd_yes() }
    if pending.isTooLarge { return send(responder.refuse(.tooLarge(limit: pending.limit)), on: connection) }
    pending.isAnswering = true
    // Suspended before the task starts, so its resume can never come first.
    MHD_suspend_connection(connection)
    let suspended = UInt(bitPattern: connection)
    let request = pending.request
    let started = box.requests.start {
        pending.answer(await responder.respond(to: request))
        MHD_resume_connection(OpaquePointer(bitPattern: suspended))
    }
    pending.isCounted = started
    if !started {
        pending.answer(responder.refuse(.unavailable("the server is shutting down")))
        MHD_resume_connection(connection)
    }
    return verbatim_mhd_yes()
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    let pending = Unmanaged<PendingRequest>.fromOpaque(pointer)
    if pending.takeUnretainedValue().isCounted, let context {
        Unmanaged<ServerBox>.fromOpaque(context).takeUnretainedValue().requests.completed()
    }
    pending.release()
    state.pointee = nil
}

private func send(_ response: HTTPResponse, on connection: OpaquePointer?) -> MHD_Result {
    let made = response.body.withUnsafeBytes { verbatim_mhd_response($0.baseAddress, $0.count) }
    guard let made else { return verbatim_mhd_no() }
    for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
    let queued = MHD_queue_response(connection, UInt32(response.status), made)
    MHD_destroy_response(made)
    return queued
}
