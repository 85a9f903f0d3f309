import Foundation
import StoreHTTP
import Testing

@Suite struct ConcurrencyTests {
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
