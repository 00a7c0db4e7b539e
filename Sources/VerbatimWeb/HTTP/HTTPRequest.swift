public import Foundation

/// One HTTP request as the server received it: method, path, query, headers and the whole body.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path without the query, e.g. `/api/food/day`.
    public var path: String
    /// The query arguments, decoded.
    public var query: [String: String]
    /// The headers, names in lower case.
    public var headers: [String: String]
    /// The body (empty for most `GET`s).
    public var body: Data
    /// The client's IP address (empty when unknown); rate limits are kept per client.
    public var client: String

    /// Creates a request.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: Data = Data(),
        client: String = ""
    ) {
        self.client = client
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// A header's value, by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Whether the request may change state (anything but `GET`, `HEAD` and `OPTIONS`).
    public var isStateChanging: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }

    /// The body decoded as JSON into `T`.
    /// - Throws: ``WebError/badRequest(_:)`` when the body is not that JSON.
    public func decode<T: Decodable>(_ type: T.Type) throws(WebError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw .badRequest("the body is not the expected JSON")
        }
    }
}
