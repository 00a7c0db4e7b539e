public import Foundation

/// An HTTP response: status, headers and body. The server adds the security headers to every one.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers beyond the security headers every response gets.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A UTF-8 body of a content type.
    public static func text(_ text: String, type: String = "text/plain; charset=utf-8", status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(text.utf8))
    }

    /// A JSON body, never cached.
    public static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"],
            body: body)
    }

    /// An error as JSON: `{"error": "…"}` with the error's status.
    public static func error(_ error: WebError) -> HTTPResponse {
        json(["error": error.description], status: error.status)
    }
}
