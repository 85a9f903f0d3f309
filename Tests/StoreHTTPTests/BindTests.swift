import Foundation
import TiendaTestSupport
import StoreHTTP
import Testing

/// `bind` before `start`: the port is known early, connections wait in the backlog, and an unserved socket closes.
@Suite struct BindTests {
    @Test func aConnectionMadeBetweenBindAndStartIsServedOnceStarted() async throws {
        let server = HTTPServer(responder: SynchronousResponder { .text("served \($0.path)") })
        let port = try server.bind(port: 0)
        #expect(port > 0)
        #expect(server.port == port)
        let connection = try RawHTTPConnection(port: port)
        try connection.send("GET /early HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try await server.start(host: "ignored.invalid", port: 1) == port)
        let response = try await connection.readResponse(timeout: .seconds(10))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "served /early")
        await server.shutdown()
    }

    @Test func bindingTwiceOrStartingABoundServerTwiceFails() async throws {
        let server = HTTPServer(responder: SynchronousResponder { _ in .text("") })
        try server.bind()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.bind() }
        try await server.start()
        await #expect(throws: HTTPServerError.alreadyStarted) { try await server.start() }
        await server.shutdown()
    }

    @Test func shuttingDownABoundServerThatNeverStartedClosesItsSocket() async throws {
        let server = HTTPServer(responder: SynchronousResponder { _ in .text("") })
        let port = try server.bind()
        await server.shutdown()
        #expect(server.port == nil)
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        await #expect(throws: HTTPServerError.alreadyStarted) { try await server.start() }
    }
}
