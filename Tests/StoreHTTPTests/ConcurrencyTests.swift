import Foundation
import StoreHTTP
import Testing

@Suite struct ConcurrencyTests {
    /// Sends 50 parallel requests and returns how long they took, checking each got its own answer.
    private func timeFiftyRequests(handlerDelay: Duration) async throws -> Duration {
        let handler: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
            // Simulated handler work, not waiting for the world.
            try? await Task.sleep(for: handlerDelay)
            return .text(request.path)
        }
        return try await withHTTPServer(handler: handler) { server in
            let client = HTTPClient(maximumConnectionsPerHost: 64)
            let clock = ContinuousClock()
            let start = clock.now
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<50 {
                    group.addTask { (index, try await client.send(url: server.url("/slow/\(index)")).text) }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(answers.count == 50)
            #expect(answers.allSatisfy { $0.value == "/slow/\($0.key)" })
            return clock.now - start
        }
    }

    @Test func fiftySlowHandlersRunConcurrently() async throws {
        // The same requests with instant handlers measure this machine's overhead (slower under a sanitizer or
        // a busy test run); run one after another, the 100 ms handlers would add 5 s to it.
        let overhead = try await timeFiftyRequests(handlerDelay: .zero)
        let elapsed = try await timeFiftyRequests(handlerDelay: .milliseconds(100))
        #expect(elapsed - overhead < .seconds(1), "50 × 100 ms handlers took \(elapsed), instant ones \(overhead)")
    }

    @Test func fiftyHandlersAreInFlightAtTheSameTime() async throws {
        let barrier = Barrier(parties: 50)
        try await withHTTPServer(handler: { _ in .text(await barrier.arrive() ? "together" : "alone") }) { server in
            let client = HTTPClient(maximumConnectionsPerHost: 64)
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<50 {
                    group.addTask { try await client.send(url: server.url("/wait/\(index)")).text }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(answers == Array(repeating: "together", count: 50))
        }
    }

    @Test func manyKeepAliveRequestsOnFewConnectionsAllSucceed() async throws {
        try await withHTTPServer(responder: counterRouter()) { server in
            let client = HTTPClient(maximumConnectionsPerHost: 4)
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<400 {
                    group.addTask {
                        try await client.send(url: server.url(index.isMultiple(of: 2) ? "/fast" : "/deferred")).status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(statuses.count == 400)
            #expect(statuses.allSatisfy { $0 == .ok })
        }
    }

    private func counterRouter() -> Router {
        var router = Router()
        router.get("/fast", .synchronous { _, _ in .text("fast") })
        router.get("/deferred") { _, _ in .text("deferred") }
        return router
    }
}
