import Foundation
import TiendaTestSupport
import StoreHTTP
import Testing

@Suite struct SlowClientTests {
    @Test func aClientThatStallsInTheRequestLineIsTimedOut() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.connectionTimeout = .seconds(1)
        try await withHTTPServer(configuration: configuration, handler: { request in .text(request.path) }) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let stalled = try RawHTTPConnection(port: server.port!)
            try stalled.send("G")
            let (data, closed) = await stalled.readUntilClosed(timeout: .seconds(30))
            #expect(closed)
            #expect(data.isEmpty)
            #expect(clock.now - start >= .milliseconds(900))
        }
    }

    @Test func aStalledClientDoesNotHoldUpOthers() async throws {
        // A timeout far longer than the test, so that the stalled connection is still open however slow the machine.
        var configuration = HTTPServer.Configuration()
        configuration.connectionTimeout = .seconds(3600)
        try await withHTTPServer(configuration: configuration, handler: { request in .text(request.path) }) { server in
            let stalled = try RawHTTPConnection(port: server.port!)
            try stalled.send("G")
            let client = HTTPClient()
            for index in 0..<5 {
                #expect(try await client.send(url: server.url("/other/\(index)")).text == "/other/\(index)")
            }
            #expect(await stalled.readUntilClosed(timeout: .zero).closed == false, "still waiting for the stalled client")
        }
    }

    @Test func aClientThatStallsMidBodyIsTimedOut() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.connectionTimeout = .seconds(1)
        try await withHTTPServer(configuration: configuration, handler: { _ in .text("never") }) { server in
            let stalled = try RawHTTPConnection(port: server.port!)
            try stalled.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nonly part")
            #expect(await stalled.readUntilClosed(timeout: .seconds(30)).closed)
            #expect(try await HTTPClient().send(url: server.url("/")).text == "never")
        }
    }
}
