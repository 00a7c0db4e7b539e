import Foundation
import Testing
@testable import VerbatimWeb

/// The local server's defences, against the real server over loopback.
@Suite struct WebSecurityTests {
    let server: TemporaryServer

    init() throws { server = try TemporaryServer() }

    @Test func pagesCarryAStrictContentSecurityPolicyAndNoInlineScript() async throws {
        for page in ["/", "/food", "/memo"] {
            let reply = try await server.client.send("GET", page)
            #expect(reply.status == 200)
            let policy = try #require(reply.headers["content-security-policy"])
            #expect(policy.contains("default-src 'none'"))
            #expect(policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(reply.headers["x-content-type-options"] == "nosniff")
            #expect(reply.headers["x-frame-options"] == "DENY")
            // Every script element loads a file from the app; none carries code.
            let scripts = reply.text.components(separatedBy: "<script").dropFirst()
            for script in scripts { #expect(script.hasPrefix(" src=\"/assets/"), "inline script in \(page)") }
            #expect(reply.text.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "an inline handler in \(page)")
            #expect(reply.text.contains(server.checks.token), "\(page) lacks the session token")
        }
    }

    @Test func aWrongHostHeaderIsRefusedAsDNSRebinding() async throws {
        for host in ["rebind.example:\(server.port)", "127.0.0.1:1", "127.0.0.1", "localhost.evil:\(server.port)", ""] {
            let reply = try await server.client.send("GET", "/", host: host)
            #expect(reply.status == 421, "Host '\(host)' answered \(reply.status)")
            #expect(!reply.text.contains(server.checks.token))
        }
        #expect(try await server.client.send("GET", "/", host: "localhost:\(server.port)").status == 200)
    }

    @Test func aChangeWithoutTheSessionTokenIsRefused() async throws {
        let body = Data(#"{"text":"2 eggs"}"#.utf8)
        var headers = server.pageHeaders
        headers[RequestGuard.tokenHeader] = nil
        #expect(try await server.client.send("POST", "/api/food/analyze", headers: headers, body: body).status == 403)
        headers[RequestGuard.tokenHeader] = String(repeating: "0", count: server.checks.token.count)
        #expect(try await server.client.send("POST", "/api/food/analyze", headers: headers, body: body).status == 403)
        let accepted = try await server.client.send("POST", "/api/food/analyze", headers: server.pageHeaders, body: body)
        #expect(accepted.status == 200, "\(accepted.text)")
    }

    @Test func aCrossOriginChangeIsRefusedEvenWithTheToken() async throws {
        let body = Data(#"{"text":"2 eggs"}"#.utf8)
        for origin in ["http://evil.example", "null", "http://127.0.0.1:\(server.port + 1)", "https://127.0.0.1:\(server.port)"] {
            var headers = server.pageHeaders
            headers["Origin"] = origin
            let reply = try await server.client.send("POST", "/api/food/analyze", headers: headers, body: body)
            #expect(reply.status == 403, "Origin \(origin) answered \(reply.status)")
        }
        var headers = server.pageHeaders
        headers["Sec-Fetch-Site"] = "cross-site"
        #expect(try await server.client.send("POST", "/api/food/analyze", headers: headers, body: body).status == 403)
        // Nothing reached the diary.
        let day = try await server.client.send("GET", "/api/food/day")
        #expect(day.text.contains(#""entries":[]"#))
    }

    @Test func bodiesOverTheirLimitsAreRefused() async throws {
        let text = Data(("{\"text\":\"" + String(repeating: "a", count: WebApp.textLimit) + "\"}").utf8)
        #expect(try await server.client.send("POST", "/api/food/analyze", headers: server.pageHeaders, body: text).status == 413)
        var audio = server.pageHeaders
        audio["Content-Type"] = "audio/wav"
        let large = Data(count: WebApp.audioLimit + 1)
        #expect(try await server.client.send("POST", "/api/voice/transcribe", headers: audio, body: large).status == 413)
        // Just under the text limit is read (and refused only as the wrong JSON).
        let fits = Data(String(repeating: " ", count: WebApp.textLimit - 10).utf8)
        #expect(try await server.client.send("POST", "/api/food/analyze", headers: server.pageHeaders, body: fits).status == 400)
    }

    @Test func onlyTheAssetTableIsServed() async throws {
        for path in [
            "/../Package.swift", "/assets/../../Package.swift", "/assets/%2e%2e/%2e%2e/Package.swift", "/etc/passwd",
            "/assets/", "/Site/food.html", "/assets/food.js/", "/food.html", "/assets/WebAssets.swift",
        ] {
            let reply = try await server.client.send("GET", path)
            #expect(reply.status == 404, "\(path) answered \(reply.status)")
        }
        for path in WebAssets.table.keys { #expect(try await server.client.send("GET", path).status == 200, "\(path)") }
        #expect(try await server.client.send("GET", "/api/memo/note?id=../../etc/passwd").status == 404)
    }

    @Test func burstsOfRequestsAreRateLimited() async throws {
        // A bucket of one, refilled once in about three hours: however slowly a busy machine sends
        // the burst (with every suite running at once on two cores, two requests came 100 s apart).
        let limited = try TemporaryServer(requestsPerSecond: 100, changesPerSecond: 0.0001, modelStepsPerSecond: 0.0001)
        var statuses: [Int] = []
        // A request the guard lets through is refused at once as the wrong JSON, so the burst takes
        // milliseconds however busy the machine is, and the bucket has no time to refill.
        for _ in 0..<8 {
            let body = Data("not json".utf8)
            statuses.append(try await limited.client.send("POST", "/api/food/analyze", headers: limited.pageHeaders, body: body).status)
        }
        #expect(statuses.first == 400, "\(statuses)")
        #expect(statuses.dropFirst().allSatisfy { $0 == 429 }, "\(statuses)")
    }
}
