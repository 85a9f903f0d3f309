import Foundation
import TiendaTestSupport
import StoreHTTP
import Testing

@Suite struct MalformedRequestTests {
    /// Sends `request` on a raw connection, returns the response, and checks the server still serves.
    private func exchange(_ request: String, configuration: HTTPServer.Configuration = .init()) async throws -> RawHTTPResponse {
        try await withHTTPServer(configuration: configuration, handler: { _ in .text("fine") }) { server in
            let raw = try RawHTTPConnection(port: server.port!)
            try raw.send(request)
            let response = try await raw.readResponse(timeout: .seconds(30))
            let followUp = try await HTTPClient().send(url: server.url("/after"))
            #expect(followUp.text == "fine")
            return response
        }
    }

    @Test(arguments: ["THIS IS NOT HTTP\r\n\r\n", "GET /\r\n\r\n", "GET / HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n"])
    func aGarbledRequestGetsA400(request: String) async throws {
        #expect(try await exchange(request).status == 400)
    }

    @Test func anHTTP11RequestWithoutHostGetsA400InJSON() async throws {
        let response = try await exchange("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n")
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self).contains("Host"))
    }

    @Test func anHTTP10RequestWithoutHostIsServed() async throws {
        #expect(try await exchange("GET / HTTP/1.0\r\n\r\n").status == 200)
    }

    @Test func aHeaderLargerThanTheConnectionMemoryGetsA431() async throws {
        let huge = String(repeating: "a", count: 40_000)
        let response = try await exchange("GET / HTTP/1.1\r\nHost: localhost\r\nX-Huge: \(huge)\r\n\r\n")
        #expect(response.status == 431)
    }

    @Test(arguments: ["/%zz", "/a%2", "/%C3%28", "/search?q=%G1"])
    func malformedPercentEncodingGetsA400InJSON(target: String) async throws {
        let response = try await exchange("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/json")
    }

    @Test func aRequestLineWithoutSpacesClosesTheConnectionAndTheServerKeepsServing() async throws {
        try await withHTTPServer(handler: { _ in .text("fine") }) { server in
            let raw = try RawHTTPConnection(port: server.port!)
            try raw.send("GARBAGE\r\n\r\n")
            #expect(await raw.readUntilClosed(timeout: .seconds(30)).closed)
            #expect(try await HTTPClient().send(url: server.url("/after")).text == "fine")
        }
    }
}
