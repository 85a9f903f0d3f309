import Foundation
import TiendaTestSupport
import StoreHTTP
import Testing

@Suite struct ShutdownTests {
    /// A handler that reports when it starts and finishes only when the test releases it.
    private final class Gate: Sendable {
        let started: AsyncStream<Void>
        private let startedContinuation: AsyncStream<Void>.Continuation
        let released: AsyncStream<Void>
        private let releasedContinuation: AsyncStream<Void>.Continuation

        init() {
            (started, startedContinuation) = AsyncStream.makeStream()
            (released, releasedContinuation) = AsyncStream.makeStream()
        }

        func handle(_ request: HTTPRequest) async -> HTTPResponse {
            startedContinuation.yield()
            for await _ in released { break }
            return .text("finished \(request.path)")
        }

        func waitUntilStarted() async {
            for await _ in started { return }
        }

        func release() {
            releasedContinuation.yield()
            releasedContinuation.finish()
        }
    }

    /// How long the tests' clients wait for an answer: far beyond any test, so that a full parallel run, which can
    /// keep the handlers waiting for a thread for half a minute, never turns the client's timeout into the outcome.
    private static let patience = Duration.seconds(3600)

    @Test func anInFlightRequestFinishesAndNewConnectionsAreRefused() async throws {
        let gate = Gate()
        let server = HTTPServer(handler: gate.handle)
        try await server.start()
        let url = server.url("/in-flight")
        let port = server.port!
        let inFlight = Task { try await HTTPClient().send(url: url, timeout: Self.patience) }
        await gate.waitUntilStarted()

        let shutdown = Task { await server.shutdown(deadline: .now + .seconds(10)) }
        gate.release()
        let response = try await inFlight.value
        await shutdown.value

        #expect(response.status == .ok)
        #expect(response.text == "finished /in-flight")
        #expect(throws: RawConnectionError.self) { try RawHTTPConnection(port: port) }
    }

    @Test func aConnectionArrivingWhileRequestsDrainIsClosedUnanswered() async throws {
        let gate = Gate()
        let server = HTTPServer { request in
            request.path == "/in-flight" ? await gate.handle(request) : .text("served")
        }
        try await server.start()
        let port = server.port!
        let inFlight = Task { [url = server.url("/in-flight")] in try await HTTPClient().send(url: url, timeout: Self.patience) }
        await gate.waitUntilStarted()

        // The gated request keeps the shutdown draining. Connections made before it began are served; the first
        // one after is closed before anything is read from it.
        let shutdown = Task { await server.shutdown(deadline: .now + .seconds(3600)) }
        var served = 0
        var late: (data: Data, closed: Bool) = (Data(), false)
        repeat {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /late HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            late = await connection.readUntilClosed(timeout: .seconds(120))
            if !late.data.isEmpty { served += 1 }
        } while !late.data.isEmpty && served < 10_000
        gate.release()
        let response = try await inFlight.value
        await shutdown.value

        #expect(late.closed)
        #expect(late.data.isEmpty)
        #expect(response.text == "finished /in-flight")
    }

    @Test func aRequestStillRunningAtTheDeadlineGetsA503() async throws {
        let gate = Gate()
        let server = HTTPServer(handler: gate.handle)
        try await server.start()
        let inFlight = Task { [url = server.url("/stuck")] in try await HTTPClient().send(url: url, timeout: Self.patience) }
        await gate.waitUntilStarted()

        // The handler stays stuck until the gate opens, after shutdown returns: were shutdown to wait for it
        // rather than answer 503 at the deadline, this test would never finish.
        await server.shutdown(deadline: .now + .milliseconds(200))
        let response = try await inFlight.value
        gate.release()

        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func workStillRunningAtTheDeadlineIsCancelled() async throws {
        let (cancellations, cancelled) = AsyncStream<Void>.makeStream()
        let (starts, started) = AsyncStream<Void>.makeStream()
        let server = HTTPServer { _ in
            started.yield()
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                cancelled.yield()
            }
            return .text("too late")
        }
        try await server.start()
        let inFlight = Task { [url = server.url("/stuck")] in try await HTTPClient().send(url: url, timeout: Self.patience) }
        for await _ in starts { break }
        await server.shutdown(deadline: .now + .milliseconds(100))
        #expect(try await inFlight.value.status == .serviceUnavailable)
        var wasCancelled = false
        for await _ in cancellations {
            wasCancelled = true
            break
        }
        #expect(wasCancelled)
    }

    @Test func aServerReleasedWhileRunningStopsAndFreesItsPort() async throws {
        var server: HTTPServer? = HTTPServer(responder: SynchronousResponder { _ in .text("fine") })
        let port = try await server!.start()
        _ = try RawHTTPConnection(port: port)
        server = nil
        #expect(throws: RawConnectionError.self) { try RawHTTPConnection(port: port) }
    }

    @Test(.timeLimit(.minutes(1))) func shutdownIsPromptAfterMalformedAndRejectedRequests() async throws {
        let server = HTTPServer(responder: SynchronousResponder { _ in .text("fine") })
        try await server.start()
        let requests = [
            "GARBAGE\r\n\r\n", "THIS IS NOT HTTP\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
            "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "a", count: 40_000))\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc",
        ]
        for request in requests {
            // Whatever the server answers, the client then goes away, so every request ends.
            let raw = try RawHTTPConnection(port: server.port!)
            try raw.send(request)
            _ = await raw.readUntilClosed(timeout: .milliseconds(300))
        }
        // With an hour's deadline, shutdown returns within the test's time limit only if every started request
        // was reported completed.
        await server.shutdown(deadline: .now + .seconds(3600))
    }

    @Test(.timeLimit(.minutes(1))) func idleKeepAliveConnectionsDoNotDelayShutdown() async throws {
        let server = HTTPServer(responder: SynchronousResponder { _ in .text("fine") })
        try await server.start()
        let raw = try RawHTTPConnection(port: server.port!)
        try raw.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try await raw.readResponse(timeout: .seconds(30)).status == 200)

        // With an hour's deadline, shutdown returns within the test's time limit only if it closes idle connections.
        await server.shutdown(deadline: .now + .seconds(3600))
        #expect(await raw.readUntilClosed(timeout: .seconds(30)).closed)
    }

    @Test(.timeLimit(.minutes(10))) func responsesDuringShutdownAskClientsToClose() async throws {
        let gate = Gate()
        let server = HTTPServer(handler: gate.handle)
        try await server.start()
        let raw = try RawHTTPConnection(port: server.port!)
        try raw.send("GET /draining HTTP/1.1\r\nHost: localhost\r\n\r\n")
        await gate.waitUntilStarted()
        // A deadline far beyond the test, so that a slow machine cannot turn the answer into a 503.
        let shutdown = Task { await server.shutdown(deadline: .now + .seconds(3600)) }
        gate.release()
        let response = try await raw.readResponse(timeout: .seconds(300))
        await shutdown.value
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
    }

    @Test func withHTTPServerShutsDownWhenItsBodyThrows() async throws {
        struct Planned: Error {}
        var port = 0
        await #expect(throws: Planned.self) {
            try await withHTTPServer(handler: { _ in .text("fine") }) { server in
                port = server.port!
                throw Planned()
            }
        }
        #expect(throws: RawConnectionError.self) { try RawHTTPConnection(port: port) }
    }

    @Test func shuttingDownTwiceOrBeforeStartingDoesNothing() async throws {
        let server = HTTPServer(responder: SynchronousResponder { _ in .text("fine") })
        await server.shutdown()
        try await server.start()
        await server.shutdown()
        await server.shutdown()
        #expect(server.port == nil)
    }
}
