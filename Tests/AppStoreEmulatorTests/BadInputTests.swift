import AppStoreEmulator
import Foundation
import TiendaTestSupport
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

/// Malformed JSON, oversized bodies, bad bearer tokens and slow clients, sent to a live emulator: each gets a
/// 4xx answer or a timeout, no data leaks, and the server goes on answering well-formed requests.
@Suite struct BadInputTests {
    /// A live emulator, one purchase, and a valid bearer token. The slow-client test gives it a one-second idle
    /// timeout so stalled clients are cut off quickly; the others keep the default, so that a pooled keep-alive
    /// connection is not closed under the client on a busy machine.
    struct Setup {
        let harness: EmulatorHarness
        let transactionId: String
        let key: APIKey
        let privateKey: P256PrivateKey
        let http = HTTPClient()

        static func make(idleTimeout: Duration? = nil) async throws -> Setup {
            var http = HTTPServer.Configuration()
            if let idleTimeout { http.connectionTimeout = idleTimeout }
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-bad-input-\(UUID().uuidString)")
            let clock = VirtualClock(now: Timestamp(Date()))
            let server = try await EmulatorServer(
                configuration: EmulatorConfiguration(
                    stateDirectory: state, catalogs: [.init(file: EmulatorHarness.exampleCatalog, bundleId: EmulatorHarness.bundleId)],
                    http: http, runsScheduler: false),
                clock: clock)
            let harness = EmulatorHarness(server: server, baseURL: try await server.start(), clock: clock, state: state)
            let transactionId = try await harness.buy([ServerAPIInteropTests.coins], account: "alice")[0]
            let (key, pem) = try harness.apiKey
            return Setup(harness: harness, transactionId: transactionId, key: key, privateKey: try P256PrivateKey(pemRepresentation: pem))
        }

        var now: Double { Double(harness.clock.now.milliseconds) / 1000 }

        /// A token with Apple's claims, `changes` applied (`nil` removes a claim).
        func token(_ changes: [String: Any?] = [:], kid: String? = nil, signer: P256PrivateKey? = nil) throws -> String {
            var claims: [String: Any] = [
                "iss": key.issuerId, "iat": Int(now), "exp": Int(now) + 600, "aud": "appstoreconnect-v1",
                "bid": EmulatorHarness.bundleId,
            ]
            for (name, value) in changes { claims[name] = value }
            return try JWS.sign(
                payload: JSONSerialization.data(withJSONObject: claims), key: signer ?? privateKey,
                header: JWSHeader(kid: kid ?? key.keyId, typ: "JWT"))
        }

        func url(_ path: String) -> URL { harness.baseURL.appendingPathComponent(path) }

        /// Get Transaction Info with `authorization` as the header (none when nil).
        func transactionInfo(authorization: String?) async throws -> HTTPClientResponse {
            try await http.send(
                url: url("/inApps/v1/transactions/\(transactionId)"),
                headers: authorization.map { ["Authorization": $0] } ?? [:])
        }

        /// Get Notification History with a valid token and `body` as it is.
        func notificationHistory(body: Data) async throws -> HTTPClientResponse {
            try await http.send(
                method: .post, url: url("/inApps/v1/notifications/history"),
                headers: ["Authorization": "Bearer " + token(), "Content-Type": "application/json"], body: body)
        }

        /// The server still answers a well-formed, authorized request with the signed transaction.
        func expectStillServing(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let response = try await transactionInfo(authorization: "Bearer " + token())
            #expect(response.status == .ok, sourceLocation: sourceLocation)
            #expect(response.text.contains("signedTransactionInfo"), sourceLocation: sourceLocation)
        }
    }

    @Test func malformedJSONGetsAppleErrorsAndTheServerKeepsServing() async throws {
        let setup = try await Setup.make()
        let bodies: [Data] = [
            Data("{".utf8), Data("[]".utf8), Data("null".utf8), Data("{\"startDate\": \"yesterday\"}".utf8),
            Data("{\"startDate\": 1, \"startDate\": }".utf8), Data([0xFF, 0xFE, 0x00, 0x7B]), Data(),
        ]
        for body in bodies {
            let response = try await setup.notificationHistory(body: body)
            #expect(response.status.code == 400, "body \(String(decoding: body, as: UTF8.self))")
            #expect(response.headers["Content-Type"] == "application/json")
            let error = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            #expect(error["errorCode"] is Int)
            #expect(error["errorMessage"] is String)
        }
        let control = try await setup.http.send(
            method: .post, url: setup.url("/control/v1/purchases"), headers: ["Content-Type": "application/json"],
            body: Data("{\"productId\": ".utf8))
        #expect(control.status.code == 400)
        try await setup.expectStillServing()
        await setup.harness.stop()
    }

    @Test func oversizedBodiesGet413AndTheServerKeepsServing() async throws {
        let setup = try await Setup.make()
        let limit = setup.harness.server.configuration.http.maximumBodySize
        let huge = Data("{\"startDate\": 0, \"padding\": \"".utf8) + Data(repeating: 0x61, count: limit) + Data("\"}".utf8)
        #expect(try await setup.notificationHistory(body: huge).status.code == 413)
        let control = try await setup.http.send(
            method: .post, url: setup.url("/control/v1/purchases"), headers: ["Content-Type": "application/json"], body: huge)
        #expect(control.status.code == 413)
        try await setup.expectStillServing()
        await setup.harness.stop()
    }

    @Test func badBearerTokensGet401AndNoData() async throws {
        let setup = try await Setup.make()
        let stranger = try P256PrivateKey.generate()
        let now = Int(setup.now)
        let authorizations: [(String, String?)] = [
            ("no header", nil),
            ("empty bearer", "Bearer "),
            ("not a JWT", "Bearer not-a-token"),
            ("basic auth", "Basic dXNlcjpwYXNz"),
            ("signed by another key", "Bearer " + (try setup.token(signer: stranger))),
            ("unknown key ID", "Bearer " + (try setup.token(kid: "ZZZZZZZZZZ"))),
            ("expired", "Bearer " + (try setup.token(["iat": now - 7200, "exp": now - 3600]))),
            ("more than an hour", "Bearer " + (try setup.token(["exp": now + 7200]))),
            ("other audience", "Bearer " + (try setup.token(["aud": "someone-else"]))),
            ("other issuer", "Bearer " + (try setup.token(["iss": "00000000-0000-0000-0000-000000000000"]))),
            ("other bundle", "Bearer " + (try setup.token(["bid": "com.other.app"]))),
            ("no expiry", "Bearer " + (try setup.token(["exp": nil]))),
            ("tampered payload", "Bearer " + Self.tampered(try setup.token())),
        ]
        for (name, authorization) in authorizations {
            let response = try await setup.transactionInfo(authorization: authorization)
            #expect(response.status.code == 401, "\(name)")
            #expect(!response.text.contains("signedTransactionInfo"), "\(name)")
        }
        try await setup.expectStillServing()
        await setup.harness.stop()
    }

    /// Stalled and trickling clients are cut off (a timeout, or 431 for a header that never ends) while
    /// others are served meanwhile.
    @Test func slowClientsAreCutOffWhileOthersAreServed() async throws {
        let setup = try await Setup.make(idleTimeout: .seconds(1))
        let port = try #require(setup.harness.baseURL.port)
        let request = "GET /inApps/v1/transactions/\(setup.transactionId) HTTP/1.1\r\nHost: localhost\r\n"
        // Trickles the start of a request a byte at a time, then falls silent.
        let trickler = try RawHTTPConnection(port: port)
        for byte in request.utf8 {
            // On a slow machine the server may cut the trickler off before it is done: that is the point.
            do { try trickler.send(Data([byte])) } catch { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        // Stalled at various points: the request line, the headers, the body.
        let stalled = try [
            "GE", request, "POST /inApps/v1/notifications/history HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{",
        ].map { text in
            let connection = try RawHTTPConnection(port: port)
            try connection.send(text)
            return connection
        }
        // A header that never ends, sent in small pieces.
        let endless = try RawHTTPConnection(port: port)
        try endless.send(request)
        var endlessAnswer = Data()
        for _ in 0..<2_000 {
            do {
                try endless.send("X-Padding: " + String(repeating: "p", count: 30) + "\r\n")
            } catch {
                break
            }
        }
        try await setup.expectStillServing()
        for connection in [trickler] + stalled {
            let (data, closed) = await connection.readUntilClosed(timeout: .seconds(30))
            #expect(closed)
            if let response = RawHTTPResponse(parsing: data) { #expect((400..<500).contains(response.status)) }
        }
        endlessAnswer = await endless.readUntilClosed(timeout: .seconds(30)).data
        #expect(RawHTTPResponse(parsing: endlessAnswer).map { (400..<500).contains($0.status) } ?? true)
        try await setup.expectStillServing()
        await setup.harness.stop()
    }

    /// The token with one character of its payload changed.
    static func tampered(_ token: String) -> String {
        var parts = token.split(separator: ".").map(String.init)
        var payload = Array(parts[1])
        payload[payload.count / 2] = payload[payload.count / 2] == "A" ? "B" : "A"
        parts[1] = String(payload)
        return parts.joined(separator: ".")
    }
}
