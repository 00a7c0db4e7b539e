/// Why the web app refused or could not answer a request; each case has its HTTP status.
public enum WebError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body or query is malformed.
    case badRequest(String)
    /// The Host header is not the address the server is bound to (DNS rebinding).
    case wrongHost(String)
    /// A state-changing request came from another origin, or without the session token.
    case forbidden(String)
    /// No such page, asset or API.
    case notFound(String)
    /// The body is larger than this kind of request allows.
    case tooLarge(limit: Int)
    /// Too many requests in a short time.
    case rateLimited
    /// The server could not start.
    case cannotListen(host: String, port: Int)
    /// Something an engine reported.
    case failed(String)
    /// The server cannot take the request now (it is shutting down).
    case unavailable(String)

    /// The HTTP status for the error.
    public var status: Int {
        switch self {
        case .badRequest: 400
        case .wrongHost: 421
        case .forbidden: 403
        case .notFound: 404
        case .tooLarge: 413
        case .rateLimited: 429
        case .cannotListen, .failed: 500
        case .unavailable: 503
        }
    }

    public var description: String {
        switch self {
        case .badRequest(let why): "bad request: \(why)"
        case .wrongHost(let host): "wrong Host header '\(host)': this server answers only to its own address"
        case .forbidden(let why): "forbidden: \(why)"
        case .notFound(let what): "not found: \(what)"
        case .tooLarge(let limit): "the body is larger than \(limit) bytes"
        case .rateLimited: "too many requests; wait a moment"
        case .cannotListen(let host, let port): "cannot listen on \(host):\(port)"
        case .failed(let why): why
        case .unavailable(let why): "unavailable: \(why)"
        }
    }
}
