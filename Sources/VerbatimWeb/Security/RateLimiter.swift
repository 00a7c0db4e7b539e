import Foundation
import Synchronization

/// Token buckets, one per key (a client address and the kind of request): each allows up to
/// `burst` requests at once, refilled at `perSecond`. Shared by every connection, so it sits
/// behind a mutex.
public final class RateLimiter: Sendable {
    private struct Bucket { var tokens: Double; var last: ContinuousClock.Instant }
    private let burst: Double
    private let perSecond: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Buckets kept at most; beyond, the full ones (their clients quiet for a while) are dropped.
    static let bucketLimit = 4_096

    /// Creates a limiter.
    /// - Parameters:
    ///   - burst: Requests allowed at once, per key.
    ///   - perSecond: Requests allowed per second, sustained, per key.
    public init(burst: Int, perSecond: Double) {
        self.burst = Double(burst)
        self.perSecond = perSecond
    }

    /// Takes one token from the key's bucket; `false` when it is empty (refuse the request).
    public func allow(_ key: String = "") -> Bool {
        buckets.withLock { buckets in
            let now = ContinuousClock.now
            var bucket = buckets[key].map { refilled($0, at: now) } ?? Bucket(tokens: burst, last: now)
            defer {
                buckets[key] = bucket
                if buckets.count > Self.bucketLimit {
                    buckets = buckets.filter { refilled($0.value, at: now).tokens < burst }
                }
            }
            guard bucket.tokens >= 1 else { return false }
            bucket.tokens -= 1
            return true
        }
    }

    private func refilled(_ bucket: Bucket, at now: ContinuousClock.Instant) -> Bucket {
        let elapsed = now - bucket.last
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Bucket(tokens: min(burst, bucket.tokens + seconds * perSecond), last: now)
    }
}
