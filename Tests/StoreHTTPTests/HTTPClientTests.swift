import Foundation
import StoreHTTP
import Testing

@Suite struct HTTPClientTests {
    @Test func redirectsAreReturnedNotFollowed() async throws {
        var router = Router()
        router.post("/form", .synchronous { _, _ in HTTPResponse(status: 303, headers: ["Location": "/done"]) })
        router.get("/done", .synchronous { _, _ in .text("followed") })
        try await withHTTPServer(responder: router) { server in
            let response = try await HTTPClient().send(method: .post, url: server.url("/form"), body: Data("a=1".utf8))
            #expect(response.status.code == 303)
            #expect(response.headers["Location"] == "/done")
        }
    }

    @Test func aClosedPortIsACannotConnectError() async throws {
        let server = HTTPServer(responder: SynchronousResponder { _ in .text("fine") })
        let port = try await server.start()
        await server.shutdown()
        await #expect(throws: HTTPClientError.cannotConnect("")) {
            try await HTTPClient().send(url: URL(string: "http://127.0.0.1:\(port)/")!)
        }
    }

    @Test func aSlowServerIsATimeoutError() async throws {
        let (released, release) = AsyncStream<Void>.makeStream()
        try await withHTTPServer(handler: { _ in
            for await _ in released { break }
            return .text("late")
        }) { server in
            await #expect(throws: HTTPClientError.timedOut("")) {
                try await HTTPClient().send(url: server.url("/"), timeout: .milliseconds(300))
            }
            release.finish()
        }
    }

    @Test func cancellingTheCallerEndsAWaitingRequest() async throws {
        let (arrived, arrival) = AsyncStream<Void>.makeStream()
        let (released, release) = AsyncStream<Void>.makeStream()
        try await withHTTPServer(handler: { _ in
            arrival.yield()
            for await _ in released { break }
            return .text("late")
        }) { server in
            let request = Task { try await HTTPClient().send(url: server.url("/"), timeout: .seconds(60)) }
            for await _ in arrived { break }
            request.cancel()
            await #expect(throws: HTTPClientError.self) { try await request.value }
            release.finish()
        }
    }

    /// Cancelling while the connection fails was a deadlock in URLSession on Linux (the cancelling thread and
    /// URLSession's queue each waited for the other's lock); every one of these requests must end.
    /// The limit is generous so that a loaded machine does not trip it; a deadlock never ends.
    @Test(.timeLimit(.minutes(3))) func cancellationsRacingRefusedConnectionsAllEnd() async throws {
        let server = HTTPServer(responder: SynchronousResponder { _ in .text("fine") })
        let port = try await server.start()
        await server.shutdown()
        let client = HTTPClient()
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        await withTaskGroup(of: Void.self) { group in
            for round in 0..<300 {
                let request = Task { _ = try? await client.send(url: url) }
                if round % 3 != 0 { await Task.yield() }
                request.cancel()
                group.addTask { await request.value }
            }
        }
    }

    @Test func repeatedRequestHeadersAreSentCommaJoined() async throws {
        try await withHTTPServer(handler: { request in .text(request.headers.values(for: "X-Tag").joined(separator: "|")) }) { server in
            let response = try await HTTPClient().send(url: server.url("/"), headers: ["X-Tag": "a", "X-Tag": "b"])
            #expect(response.text == "a,b")
        }
    }
}
