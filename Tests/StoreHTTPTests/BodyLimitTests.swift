import Foundation
import TiendaTestSupport
import StoreHTTP
import Testing

@Suite struct BodyLimitTests {
    private let client = HTTPClient()
    /// Three megabytes of a 251-byte pattern, so that a shifted or truncated body does not compare equal.
    private static let threeMegabytes: Data = {
        let pattern = Data((0..<251).map { UInt8($0) })
        var body = Data(capacity: 3_000_000)
        while body.count < 3_000_000 { body.append(pattern.prefix(3_000_000 - body.count)) }
        return body
    }()

    /// Answers with the body's size and whether it is exactly the three-megabyte test body.
    private static func measure(_ request: HTTPRequest) -> HTTPResponse {
        .text("\(request.body.count) \(request.body == threeMegabytes ? "intact" : "other")")
    }

    @Test func aThreeMegabyteBodyArrivesWholeWhenTheLimitIsRaised() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.maximumBodySize = 4 << 20
        try await withHTTPServer(configuration: configuration, handler: { Self.measure($0) }) { server in
            let response = try await client.send(method: .post, url: server.url("/upload"), body: Self.threeMegabytes)
            #expect(response.status == .ok)
            #expect(response.text == "3000000 intact")
        }
    }

    @Test func aBodyOverTheDefaultLimitIsRejectedWith413AndTheServerKeepsServing() async throws {
        try await withHTTPServer(handler: { Self.measure($0) }) { server in
            let rejected = try await client.send(method: .post, url: server.url("/upload"), body: Self.threeMegabytes)
            #expect(rejected.status == .contentTooLarge)
            #expect(rejected.headers["Content-Type"] == "application/json")
            #expect(rejected.text.contains("1048576"))

            let accepted = try await client.send(method: .post, url: server.url("/upload"), body: Data("small".utf8))
            #expect(accepted.status == .ok)
            #expect(accepted.text == "5 other")
        }
    }

    @Test func theLimitIsCheckedBeforeTheBodyIsSent() async throws {
        try await withHTTPServer(handler: { Self.measure($0) }) { server in
            let raw = try RawHTTPConnection(port: server.port!)
            try raw.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000000\r\nExpect: 100-continue\r\n\r\n")
            let response = try await raw.readResponse(timeout: .seconds(30))
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "application/json")
        }
    }
}

extension BodyLimitTests {
    @Test func aClientThatSendsItsOversizedBodyAtOnceReadsThe413() async throws {
        try await withHTTPServer(handler: { Self.measure($0) }) { server in
            let raw = try RawHTTPConnection(port: server.port!)
            let body = String(repeating: "a", count: 3_000_000)
            // Headers and the whole body in one go, without asking first: the answer must still be readable.
            try raw.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            let response = try await raw.readResponse(timeout: .seconds(30))
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "application/json")

            let accepted = try await client.send(method: .post, url: server.url("/upload"), body: Data("small".utf8))
            #expect(accepted.text == "5 other")
        }
    }

    @Test func aDeclaredLengthBeyondWhatIsWorthReadingIsAnsweredAtOnce() async throws {
        try await withHTTPServer(handler: { Self.measure($0) }) { server in
            let raw = try RawHTTPConnection(port: server.port!)
            // No body follows, and no Expect header: the server must not wait for 99 MB.
            try raw.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99000000\r\n\r\n")
            let response = try await raw.readResponse(timeout: .seconds(30))
            #expect(response.status == 413)
        }
    }
}

extension HTTPResponse {
    fileprivate var text: String { String(decoding: body, as: UTF8.self) }
}
