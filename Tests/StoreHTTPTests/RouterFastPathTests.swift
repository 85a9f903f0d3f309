import Foundation
import StoreHTTP
import Synchronization
import Testing

/// A route with a fast path answers at once when the fast path can, and otherwise runs its asynchronous handler.
@Suite struct RouterFastPathTests {
    private struct Teapot: HTTPResponseError {
        var response: HTTPResponse { .json(Data(#"{"errorCode":4180001}"#.utf8), status: 418) }
    }

    private struct Unexpected: Error {}

    /// What the fast path knows, and how often the asynchronous handler ran.
    private final class Backend: Sendable {
        let cached: Mutex<[String: String]>
        let slowCalls = Atomic(0)

        init(cached: [String: String] = [:]) {
            self.cached = Mutex(cached)
        }

        var slowCallCount: Int { slowCalls.load(ordering: .relaxed) }
    }

    /// `/items/{id}`: the fast path knows the items cached in `backend`; the asynchronous handler answers the rest
    /// and counts its calls. `teapot` fails with a response error on the fast path, `broken` with any other error.
    private static func router(_ backend: Backend) -> Router {
        var router = Router()
        router.get("/items/{id}", .fastPath { _, parameters in
            let id = parameters["id"] ?? ""
            if id == "teapot" { throw Teapot() }
            if id == "broken" { throw Unexpected() }
            return backend.cached.withLock { $0[id] }.map { .text("cached \($0)") }
        }) { _, parameters in
            backend.slowCalls.add(1, ordering: .relaxed)
            return .text("computed \(parameters["id"] ?? "")")
        }
        return router
    }

    private static func request(_ method: HTTPMethod, _ target: String) throws -> HTTPRequest {
        try HTTPRequest(method: method, target: target, headers: ["Host": "localhost"])
    }

    @Test func aFastPathAnswerIsImmediateAndNilDefersToTheHandler() async throws {
        let backend = Backend(cached: ["1": "one"])
        let router = Self.router(backend)
        guard case .immediate(let hit) = router.respond(to: try Self.request(.get, "/items/1")) else {
            Issue.record("a cached item was deferred")
            return
        }
        #expect(hit.text == "cached one")
        guard case .deferred(let work) = router.respond(to: try Self.request(.get, "/items/2")) else {
            Issue.record("an item the fast path does not know was answered immediately")
            return
        }
        #expect(await work().text == "computed 2")
        #expect(backend.slowCallCount == 1)

        // What the fast path knows can change between requests: it is asked again every time.
        backend.cached.withLock { $0["2"] = "two" }
        backend.cached.withLock { $0["1"] = nil }
        #expect(await router.response(to: try Self.request(.get, "/items/2")).text == "cached two")
        #expect(await router.response(to: try Self.request(.get, "/items/1")).text == "computed 1")
        #expect(backend.slowCallCount == 2)
    }

    @Test func aFastPathErrorIsRenderedAtOnceAndTheHandlerDoesNotRun() async throws {
        let backend = Backend()
        let router = Self.router(backend)
        guard case .immediate(let teapot) = router.respond(to: try Self.request(.get, "/items/teapot")) else {
            Issue.record("a fast path error was deferred")
            return
        }
        #expect(teapot.status.code == 418)
        #expect(teapot.text == #"{"errorCode":4180001}"#)
        let broken = await router.response(to: try Self.request(.get, "/items/broken"))
        #expect(broken.status == .internalServerError)
        #expect(broken.contentType == "application/json")
        #expect(backend.slowCallCount == 0)
    }

    @Test func aFastPathGetRouteAnswersHeadAndListsItsMethod() async throws {
        let router = Self.router(Backend(cached: ["1": "one"]))
        guard case .immediate(let head) = router.respond(to: try Self.request(.head, "/items/1")) else {
            Issue.record("HEAD on a cached item was deferred")
            return
        }
        #expect(head.status == .ok)
        let wrongMethod = await router.response(to: try Self.request(.post, "/items/1"))
        #expect(wrongMethod.status == .methodNotAllowed)
        #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
        #expect(router.registeredRoutes.map(\.description) == ["GET /items/{id}"])
    }

    @Test func bothPathsAnswerOverLoopback() async throws {
        let backend = Backend(cached: ["1": "one"])
        try await withHTTPServer(responder: Self.router(backend)) { server in
            let client = HTTPClient()
            for _ in 0..<3 {
                #expect(try await client.send(url: server.url("/items/1")).text == "cached one")
                #expect(try await client.send(url: server.url("/items/2")).text == "computed 2")
            }
            let teapot = try await client.send(url: server.url("/items/teapot"))
            #expect(teapot.status.code == 418)
        }
        #expect(backend.slowCallCount == 3)
    }
}

extension HTTPResponse {
    fileprivate var text: String { String(decoding: body, as: UTF8.self) }
}
