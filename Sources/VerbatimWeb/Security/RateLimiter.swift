import Foundation
import Synchronization

/// A token bucket: up to `burst` requests at once, refilled at `perSecond`. Shared by every
/// connection thread, so it sits behind a mutex.
public final class RateLimiter: Sendable {
    private struct Bucket { var tokens: Double; var last: ContinuousClock.Instant }
    private let burst: Double
    private let perSecond: Double
    private let bucket: Mutex<Bucket>

    /// Creates a limiter.
    /// - Parameters:
    ///   - burst: Requests allowed at once.
    ///   - perSecond: Requests allowed per second, sustained.
    public init(burst: Int, perSecond: Double) {
        self.burst = Double(burst)
        self.perSecond = perSecond
        bucket = Mutex(Bucket(tokens: Double(burst), last: .now))
    }

    /// Takes one token; `false` when the bucket is empty (refuse the request).
    public func allow() -> Bool {
        bucket.withLock { bucket in
            let now = ContinuousClock.now
            let elapsed = now - bucket.last
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds * perSecond)
            bucket.last = now
            guard bucket.tokens >= 1 else { return false }
            bucket.tokens -= 1
            return true
        }
    }
}
