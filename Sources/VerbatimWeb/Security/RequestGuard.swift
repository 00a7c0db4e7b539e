import Foundation

/// The local server's security checks, applied to every request before it reaches a page or API:
///
/// - the `Host` header must be the bound address and port (`localhost` too when bound to
///   loopback), which defeats DNS rebinding;
/// - a state-changing request must carry the session token in `X-Verbatim-Token` and must not
///   come from another origin (`Origin`, `Sec-Fetch-Site`), which defeats cross-site requests;
/// - requests are rate limited per client address and per kind: reads, changes, and the
///   requests that run a model or the recognizer, each with its own buckets, so a burst of one
///   kind (or from one client) never locks out the others. Tabs of one browser share a client.
public struct RequestGuard: Sendable {
    /// The token pages send with every state-changing request, new for each server run.
    public let token: String
    /// The `host:port` values the server answers to.
    public let allowedHosts: Set<String>
    private let all: RateLimiter
    private let changes: RateLimiter
    private let modelSteps: RateLimiter

    /// The requests that may run the language model or the speech recognizer.
    public static let modelRoutes: Set<String> = [
        "/api/food/analyze", "/api/memo/start", "/api/memo/answer", "/api/memo/finish", "/api/voice/transcribe",
    ]

    /// The name of the header that carries the token.
    public static let tokenHeader = "X-Verbatim-Token"

    /// Creates the checks for a bound address.
    /// - Parameters:
    ///   - host: The address the server is bound to.
    ///   - port: Its port.
    ///   - token: The session token (default: 32 random bytes, hex).
    ///   - requestsPerSecond: The sustained rate of all requests per client (bursts of 5×).
    ///   - changesPerSecond: The sustained rate of state-changing requests per client (bursts of 3×).
    ///   - modelStepsPerSecond: The sustained rate of ``modelRoutes`` requests per client (bursts of 4×).
    public init(
        host: String, port: Int, token: String = RequestGuard.randomToken(), requestsPerSecond: Double = 100,
        changesPerSecond: Double = 20, modelStepsPerSecond: Double = 10
    ) {
        self.token = token
        var hosts: Set<String> = ["\(host):\(port)"]
        if host == "127.0.0.1" { hosts.insert("localhost:\(port)") }
        allowedHosts = hosts
        all = RateLimiter(burst: Int(requestsPerSecond * 5), perSecond: requestsPerSecond)
        changes = RateLimiter(burst: max(1, Int(changesPerSecond * 3)), perSecond: changesPerSecond)
        modelSteps = RateLimiter(burst: max(1, Int(modelStepsPerSecond * 4)), perSecond: modelStepsPerSecond)
    }

    /// 32 random bytes as hex.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Why a request is refused, or `nil` to let it through.
    public func check(_ request: HTTPRequest) -> WebError? {
        let host = request.header("host") ?? ""
        guard allowedHosts.contains(host.lowercased()) else { return .wrongHost(host) }
        guard all.allow(request.client) else { return .rateLimited }
        guard request.isStateChanging else { return nil }
        if let origin = request.header("origin"), !allowedHosts.contains(where: { "http://\($0)" == origin.lowercased() }) {
            return .forbidden("a request from another origin (\(origin))")
        }
        if let site = request.header("sec-fetch-site"), site != "same-origin", site != "none" {
            return .forbidden("a \(site) request")
        }
        guard Self.same(request.header(Self.tokenHeader) ?? "", token) else {
            return .forbidden("the session token is missing or wrong; reload the page")
        }
        let limiter = Self.modelRoutes.contains(request.path) ? modelSteps : changes
        guard limiter.allow(request.client) else { return .rateLimited }
        return nil
    }

    /// Compares in time independent of where the strings differ.
    private static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
