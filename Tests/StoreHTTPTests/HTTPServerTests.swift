import Foundation
import TiendaTestSupport
import StoreHTTP
import Testing

@Suite struct HTTPServerTests {
    private let client = HTTPClient()

    /// Answers with the method, path and body it received, so tests can see what arrived.
    private static func echo(_ request: HTTPRequest) -> HTTPResponse {
        .text("\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))")
    }

    @Test func startingOnPortZeroListensOnARealPort() async throws {
        let server = HTTPServer(responder: SynchronousResponder(Self.echo))
        let port = try await server.start(port: 0)
        #expect(port > 0 && port <= 65535)
        #expect(server.port == port)
        let response = try await client.send(url: server.url("/hello"))
        #expect(response.text == "GET /hello ")
        await server.shutdown()
        #expect(server.port == nil)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete])
    func aRequestBodyArrivesWithItsMethod(method: HTTPMethod) async throws {
        try await withHTTPServer(handler: { Self.echo($0) }) { server in
            let response = try await client.send(method: method, url: server.url("/items/7"), body: Data("payload".utf8))
            #expect(response.status == .ok)
            #expect(response.text == "\(method) /items/7 payload")
        }
    }

    @Test func repeatedQueryKeysKeepTheirOrderAndAreDecoded() async throws {
        try await withHTTPServer(handler: { request in
            .text(request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "|") + "\n" + request.query)
        }) { server in
            let response = try await client.send(url: server.url("/search?tag=a&tag=b%20c&name=caf%C3%A9&plus=1+2&flag&tag=d"))
            let lines = response.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "tag=a|tag=b c|name=café|plus=1 2|flag=|tag=d")
            #expect(lines.last == "tag=a&tag=b%20c&name=caf%C3%A9&plus=1+2&flag&tag=d")
        }
    }

    @Test func thePathIsPercentDecodedAndItsRawFormKept() async throws {
        try await withHTTPServer(handler: { request in .text("\(request.path)\n\(request.rawPath)") }) { server in
            let response = try await client.send(url: server.url("/files/a%20b%2Fc/%E2%82%AC"))
            #expect(response.text == "/files/a b/c/€\n/files/a%20b%2Fc/%E2%82%AC")
        }
    }

    @Test func requestHeadersAreFoundInAnyCaseAndResponseHeadersArrive() async throws {
        try await withHTTPServer(handler: { request in
            var response = HTTPResponse.text(request.headers["x-tienda-probe"] ?? "missing")
            response.headers["X-Tienda-Answer"] = "42"
            return response
        }) { server in
            let response = try await client.send(url: server.url("/"), headers: ["X-Tienda-Probe": "found"])
            #expect(response.text == "found")
            #expect(response.headers["x-tienda-answer"] == "42")
        }
    }

    @Test func jsonResponsesHaveExactlyTheApplicationJSONContentType() async throws {
        try await withHTTPServer(handler: { _ in try! .json(["status": "ok"]) }) { server in
            let response = try await client.send(url: server.url("/"))
            #expect(response.headers["Content-Type"] == "application/json")
            #expect(try JSONDecoder().decode([String: String].self, from: response.body) == ["status": "ok"])

            let raw = try RawHTTPConnection(port: server.port!)
            try raw.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await raw.readResponse(timeout: .seconds(30)).header("Content-Type") == "application/json")
        }
    }

    @Test func theRemoteAddressIsTheLoopbackClient() async throws {
        try await withHTTPServer(handler: { request in .text(request.remoteAddress ?? "unknown") }) { server in
            let response = try await client.send(url: server.url("/"))
            #expect(response.text == "127.0.0.1")
        }
    }

    @Test func aHeadRequestGetsTheHeadersWithoutTheBody() async throws {
        try await withHTTPServer(handler: { _ in .text("twelve bytes") }) { server in
            let response = try await client.send(method: .head, url: server.url("/"))
            #expect(response.status == .ok)
            #expect(response.body.isEmpty)
            #expect(response.headers["Content-Length"] == "12")
        }
    }

    @Test func twoServersRunAtOnceOnDifferentPorts() async throws {
        try await withHTTPServer(handler: { _ in .text("first") }) { first in
            try await withHTTPServer(handler: { _ in .text("second") }) { second in
                #expect(first.port != second.port)
                async let firstAnswer = client.send(url: first.url("/"))
                async let secondAnswer = client.send(url: second.url("/"))
                let answers = try await (firstAnswer.text, secondAnswer.text)
                #expect(answers == ("first", "second"))
            }
        }
    }

    @Test func startingTwiceIsRefused() async throws {
        try await withHTTPServer(handler: { Self.echo($0) }) { server in
            await #expect(throws: HTTPServerError.alreadyStarted) { try await server.start() }
        }
    }

    @Test func listeningOnAPortInUseFails() async throws {
        try await withHTTPServer(handler: { Self.echo($0) }) { server in
            let second = HTTPServer(responder: SynchronousResponder(Self.echo))
            await #expect(throws: HTTPServerError.socketFailed("bind", reason: "")) { try await second.start(port: server.port!) }
        }
    }

    @Test func aSynchronousHandlerAnswersOnThePollingThread() async throws {
        let server = HTTPServer(responder: SynchronousResponder { request in .text("sync \(request.path)") })
        try await server.start()
        let response = try await client.send(url: server.url("/fast"))
        await server.shutdown()
        #expect(response.text == "sync /fast")
    }
}
