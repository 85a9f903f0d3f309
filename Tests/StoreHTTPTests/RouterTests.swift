import Foundation
import StoreHTTP
import Testing

@Suite struct RouterTests {
    private struct Teapot: HTTPResponseError {
        var response: HTTPResponse { .json(Data(#"{"errorCode":4180001}"#.utf8), status: 418) }
    }

    private struct Unexpected: Error {}

    private struct ErrorBody: Decodable {
        let error: String
        let message: String
        let status: Int
    }

    private static func request(_ method: HTTPMethod, _ target: String) throws -> HTTPRequest {
        try HTTPRequest(method: method, target: target, headers: ["Host": "localhost"])
    }

    private static var appStoreRouter: Router {
        var router = Router()
        router.get("/inApps/v1/transactions/{transactionId}") { _, parameters in
            .text("transaction \(parameters["transactionId"] ?? "")")
        }
        router.post("/inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}") { _, parameters in
            .text("extend \(parameters["productId"] ?? "") \(parameters["requestIdentifier"] ?? "")")
        }
        router.get("/inApps/v1/transactions/latest", .synchronous { _, _ in .text("latest") })
        router.group("/control/v1") { control in
            control.get("/", .synchronous { _, _ in .text("control root") })
            control.put("/clock", .synchronous { request, _ in .text("clock \(String(decoding: request.body, as: UTF8.self))") })
            control.group("/stores/{storeId}") { store in
                store.delete("/", .synchronous { _, parameters in .text("deleted \(parameters["storeId"] ?? "")") })
            }
        }
        router.get("/teapot") { _, _ in throw Teapot() }
        router.get("/broken", .synchronous { _, _ in throw Unexpected() })
        return router
    }

    @Test func registeredRoutesListEachPatternAsWrittenWithItsGroupPrefix() {
        var router = Router()
        router.group("/control/v1") { control in
            control.post("/clock/advance", .synchronous { _, _ in .text("") })
        }
        router.get("/items/{id}", .synchronous { _, _ in .text("") })
        let listed = Set(router.registeredRoutes.map(\.description))
        #expect(listed == ["POST /control/v1/clock/advance", "GET /items/{id}"])
    }

    @Test func pathParametersAreExtractedByName() async throws {
        let router = Self.appStoreRouter
        #expect(await router.response(to: try Self.request(.get, "/inApps/v1/transactions/2000000123")).text == "transaction 2000000123")
        let extend = try Self.request(.post, "/inApps/v1/subscriptions/extend/mass/com.example.monthly/7f3c")
        #expect(await router.response(to: extend).text == "extend com.example.monthly 7f3c")
    }

    @Test func aLiteralSegmentWinsOverAParameter() async throws {
        let router = Self.appStoreRouter
        #expect(await router.response(to: try Self.request(.get, "/inApps/v1/transactions/latest")).text == "latest")
    }

    @Test func registrationOrderDoesNotDecideSpecificity() async throws {
        var router = Router()
        router.get("/{section}/{item}", .synchronous { _, _ in .text("both parameters") })
        router.get("/{section}/special", .synchronous { _, _ in .text("second literal") })
        router.get("/fixed/{item}", .synchronous { _, _ in .text("first literal") })
        #expect(await router.response(to: try Self.request(.get, "/fixed/special")).text == "first literal")
        #expect(await router.response(to: try Self.request(.get, "/other/special")).text == "second literal")
        #expect(await router.response(to: try Self.request(.get, "/other/thing")).text == "both parameters")
    }

    @Test func groupsPrefixTheirRoutesAndNest() async throws {
        let router = Self.appStoreRouter
        #expect(await router.response(to: try Self.request(.get, "/control/v1")).text == "control root")
        #expect(await router.response(to: try HTTPRequest(method: .put, target: "/control/v1/clock", body: Data("noon".utf8))).text == "clock noon")
        #expect(await router.response(to: try Self.request(.delete, "/control/v1/stores/eu")).text == "deleted eu")
    }

    @Test func anUnknownPathIsA404InJSON() async throws {
        let response = await Self.appStoreRouter.response(to: try Self.request(.get, "/inApps/v2/nothing"))
        #expect(response.status == .notFound)
        #expect(response.contentType == "application/json")
        let body = try JSONDecoder().decode(ErrorBody.self, from: response.body)
        #expect(body.error == "Not Found")
        #expect(body.status == 404)
    }

    @Test func aKnownPathWithTheWrongMethodIsA405WithAllow() async throws {
        let response = await Self.appStoreRouter.response(to: try Self.request(.delete, "/inApps/v1/transactions/1"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
        #expect(response.contentType == "application/json")
    }

    @Test func aGetRouteAnswersHead() async throws {
        let response = await Self.appStoreRouter.response(to: try Self.request(.head, "/inApps/v1/transactions/9"))
        #expect(response.status == .ok)
    }

    @Test func aThrownResponseErrorBecomesItsResponseAndAnyOtherErrorA500() async throws {
        let router = Self.appStoreRouter
        let teapot = await router.response(to: try Self.request(.get, "/teapot"))
        #expect(teapot.status.code == 418)
        #expect(teapot.text == #"{"errorCode":4180001}"#)
        let broken = await router.response(to: try Self.request(.get, "/broken"))
        #expect(broken.status == .internalServerError)
        #expect(broken.contentType == "application/json")
    }

    @Test func synchronousRoutesAnswerImmediatelyAndAsynchronousOnesAreDeferred() throws {
        let router = Self.appStoreRouter
        guard case .immediate = router.respond(to: try Self.request(.get, "/inApps/v1/transactions/latest")) else {
            Issue.record("a synchronous route was deferred")
            return
        }
        guard case .deferred = router.respond(to: try Self.request(.get, "/inApps/v1/transactions/1")) else {
            Issue.record("an asynchronous route was answered immediately")
            return
        }
    }

    @Test func routesWorkOverLoopbackWithEncodedParameters() async throws {
        try await withHTTPServer(responder: Self.appStoreRouter) { server in
            let client = HTTPClient()
            let found = try await client.send(url: server.url("/inApps/v1/transactions/a%2Fb%20c"))
            #expect(found.text == "transaction a/b c")
            let missing = try await client.send(url: server.url("/nowhere"))
            #expect(missing.status == .notFound)
            #expect(missing.headers["Content-Type"] == "application/json")
            let wrongMethod = try await client.send(method: .post, url: server.url("/control/v1/clock"))
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers["Allow"] == "PUT")
        }
    }
}

extension HTTPResponse {
    fileprivate var text: String { String(decoding: body, as: UTF8.self) }
}
