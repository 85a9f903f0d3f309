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

    @Test func repeatedRequestHeadersAreSentCommaJoined() async throws {
        try await withHTTPServer(handler: { request in .text(request.headers.values(for: "X-Tag").joined(separator: "|")) }) { server in
            let response = try await HTTPClient().send(url: server.url("/"), headers: ["X-Tag": "a", "X-Tag": "b"])
            #expect(response.text == "a,b")
        }
    }
}
