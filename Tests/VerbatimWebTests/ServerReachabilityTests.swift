import Foundation
import Testing
@testable import VerbatimWeb

/// The server stays reachable: rate limits are kept per kind of request, and a shutdown lets the
/// request in flight finish (idle connections: ``ServeCommandTests``).
@Suite struct ServerReachabilityTests {
    @Test func eightTabsAnalysingOncePerSecondAreNeverRateLimited() async throws {
        let server = try TemporaryServer()
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for tab in 0..<8 {
                group.addTask {
                    var statuses: [Int] = []
                    for round in 0..<4 {
                        // Not JSON: refused by the route at once, after the rate limit let it through.
                        let body = Data("tab \(tab) round \(round)".utf8)
                        statuses.append(try await server.client.send("POST", "/api/food/analyze", headers: server.pageHeaders, body: body).status)
                        try await Task.sleep(for: .seconds(1))
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == 32)
        #expect(!statuses.contains(429), "\(statuses)")
    }

    @Test func aBurstOfModelStepsLeavesChangesAndReadsAlone() async throws {
        // Buckets of one, refilled once in 100 s: however slowly a busy machine sends the burst.
        let server = try TemporaryServer(changesPerSecond: 0.01, modelStepsPerSecond: 0.01)
        var analyses: [Int] = []
        for _ in 0..<8 {
            analyses.append(try await server.client.send("POST", "/api/food/analyze", headers: server.pageHeaders, body: Data("x".utf8)).status)
        }
        #expect(analyses.contains(429), "\(analyses)")
        // Another kind of change still has its own bucket, and reads have theirs.
        let edit = try await server.client.send("POST", "/api/food/edit", headers: server.pageHeaders, body: Data("x".utf8))
        #expect(edit.status == 400)
        #expect(try await server.client.send("GET", "/api/status").status == 200)
    }

    @Test func keyedBucketsAreIndependent() {
        let limiter = RateLimiter(burst: 2, perSecond: 0.001)
        #expect(limiter.allow("10.0.0.1"))
        #expect(limiter.allow("10.0.0.1"))
        #expect(!limiter.allow("10.0.0.1"))
        #expect(limiter.allow("10.0.0.2"))
    }

    @Test func shutDownLetsTheRequestInFlightFinishAndRefusesNewOnes() async throws {
        let responder = SlowResponder(delay: .milliseconds(600))
        let server = try HTTPServer(host: "127.0.0.1", port: 0, responder: responder)
        let client = LoopbackClient(port: server.port)
        async let slow = client.send("GET", "/slow")
        while server.requestsInFlight == 0 { try await Task.sleep(for: .milliseconds(5)) }
        await server.shutDown(grace: .seconds(30))
        #expect(try await slow.status == 200)
        #expect(server.requestsInFlight == 0)
        await #expect(throws: (any Error).self) { try await client.send("GET", "/slow") }
    }
}

/// Answers every request with 200 after a delay.
private struct SlowResponder: HTTPResponder {
    let delay: Duration
    func bodyLimit(method: String, path: String) -> Int { 0 }
    func respond(to request: HTTPRequest) async -> HTTPResponse {
        try? await Task.sleep(for: delay)
        return HTTPResponse(status: 200)
    }
    func refuse(_ error: WebError) -> HTTPResponse { HTTPResponse(status: error.status) }
}
