/// What answers the requests an ``HTTPServer`` receives.
public protocol HTTPResponder: Sendable {
    /// The largest body accepted for a request, in bytes; a larger one is refused with 413
    /// before (or while) it is read.
    func bodyLimit(method: String, path: String) -> Int
    /// The response to a complete request.
    func respond(to request: HTTPRequest) async -> HTTPResponse
    /// The response for a request the server itself refuses (too large).
    func refuse(_ error: WebError) -> HTTPResponse
}
