import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

/// The notification deliverer and the OCSP responder inside a live emulator: notifications reach the `--notify`
/// URLs, every attempt shows in Get Notification History, the fault knobs work through the control API, and the
/// certificates' OCSP URLs point at the server itself.
@Suite(.serialized) struct ServerDeliveryTests {
    /// A live emulator in Production on a virtual clock, notifying `receivers`.
    struct Setup {
        let server: EmulatorServer
        let baseURL: URL
        let state: URL
        let receivers: [NotificationReceiver]
        let http = HTTPClient()

        static func make(
            receivers scripts: [[NotificationReceiver.Reply]] = [[]], environment: AppStoreEnvironment = .production
        ) async throws -> Setup {
            var receivers: [NotificationReceiver] = []
            for script in scripts { receivers.append(try await NotificationReceiver(replies: script)) }
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-delivery-\(UUID().uuidString)")
            let server = try await EmulatorServer(
                configuration: EmulatorConfiguration(
                    stateDirectory: state, catalogs: [.init(file: DeliveryHarness.catalogURL, bundleId: DeliveryHarness.bundleId)],
                    notificationURLs: receivers.map(\.url), environment: environment,
                    appAppleId: environment == .production ? DeliveryHarness.appAppleId : nil,
                    runsScheduler: false),
                clock: VirtualClock(now: Timestamp(Date())))
            let baseURL = try await server.start()
            // Deliveries happen when a test asks (`/delivery/run`), never behind its back from the background loop.
            await server.deliverer.stop()
            return Setup(server: server, baseURL: baseURL, state: state, receivers: receivers)
        }

        var receiver: NotificationReceiver { receivers[0] }

        /// A control API call; the answer's JSON object.
        @discardableResult
        func control(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
            let response = try await http.send(
                method: method, url: URL(string: baseURL.absoluteString + "/control/v1" + path)!,
                headers: ["Content-Type": "application/json"],
                body: try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? (method == .get ? nil : Data("{}".utf8)))
            #expect((200..<300).contains(response.status.code), "\(method) \(path): \(response.text)")
            return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }

        /// Buys the consumable through the control API.
        @discardableResult
        func buyCoins() async throws -> String {
            let answer = try await control(.post, "/purchases", ["productId": DeliveryHarness.coins, "accountId": "alice"])
            let payload = (answer["transaction"] as? [String: Any])?["transaction"] as? [String: Any]
            return try #require(payload?["transactionId"] as? String, "\(answer)")
        }

        /// Makes every due attempt now; the attempts made.
        func deliver() async throws -> [[String: Any]] {
            try await control(.post, "/delivery/run")["sends"] as? [[String: Any]] ?? []
        }

        /// A bearer token for the Server API, minted with the key the emulator created.
        func token() throws -> String {
            let key = server.context.apiKeys.keys[0]
            let pem = try String(contentsOf: state.appendingPathComponent(key.privateKeyFile ?? ""), encoding: .utf8)
            let now = Int(Date().timeIntervalSince1970)
            let claims: [String: Any] = [
                "iss": key.issuerId, "iat": now, "exp": now + 600, "aud": "appstoreconnect-v1", "bid": DeliveryHarness.bundleId,
            ]
            return try JWS.sign(
                payload: JSONSerialization.data(withJSONObject: claims), key: P256PrivateKey(pemRepresentation: pem),
                header: JWSHeader(kid: key.keyId, typ: "JWT"))
        }

        /// Get Notification History over the Server API: each item's send attempt results.
        func historyAttempts() async throws -> [[String]] {
            let now = server.context.clock.now.milliseconds
            let body = try JSONSerialization.data(withJSONObject: ["startDate": now - 86_400_000 * 10, "endDate": now + 1])
            let response = try await http.send(
                method: .post, url: URL(string: baseURL.absoluteString + "/inApps/v1/notifications/history")!,
                headers: ["Authorization": "Bearer " + token(), "Content-Type": "application/json"], body: body)
            #expect(response.status == .ok, "\(response.text)")
            let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            return (object["notificationHistory"] as? [[String: Any]] ?? []).map { item in
                (item["sendAttempts"] as? [[String: Any]] ?? []).compactMap { $0["sendAttemptResult"] as? String }
            }
        }

        /// Get Transaction Info over the Server API: the signed transaction.
        func signedTransaction(_ id: String) async throws -> String {
            let response = try await http.send(
                url: URL(string: baseURL.absoluteString + "/inApps/v1/transactions/\(id)")!,
                headers: ["Authorization": "Bearer " + token()])
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            return try #require(object?["signedTransactionInfo"] as? String, "\(response.text)")
        }

        func shutdown() async {
            await server.stop()
            for receiver in receivers { await receiver.shutdown() }
            try? FileManager.default.removeItem(at: state)
        }
    }

    @Test func aFailedAttemptIsRetriedAnHourLaterAndHistoryShowsBoth() async throws {
        let setup = try await Setup.make(receivers: [[.status(500)]])
        try await setup.buyCoins()
        _ = try await setup.deliver()
        #expect(setup.receiver.arrivals.count == 1)
        try await setup.control(.post, "/clock/advance", ["by": "2h"])
        _ = try await setup.deliver()
        let payloads = setup.receiver.payloads
        #expect(payloads.count == 2)
        #expect(Set(payloads).count == 1, "a retry sends the very same signedPayload")
        #expect(setup.receiver.arrivals.allSatisfy { $0.method == "POST" && $0.contentType == "application/json" })
        #expect(try await setup.historyAttempts() == [["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"]])
        await setup.shutdown()
    }

    @Test func everyNotifyURLGetsItsOwnAttempts() async throws {
        let setup = try await Setup.make(receivers: [[], [.status(503)]])
        try await setup.buyCoins()
        _ = try await setup.deliver()
        #expect(setup.receivers[0].payloads.count == 1)
        #expect(setup.receivers[1].payloads == setup.receivers[0].payloads)
        #expect(try await setup.historyAttempts().map { $0.sorted() } == [["SUCCESS", "UNSUCCESSFUL_HTTP_RESPONSE_CODE"]])
        await setup.shutdown()
    }

    @Test func theFaultKnobsWorkThroughTheControlAPI() async throws {
        let setup = try await Setup.make()
        let state = try await setup.control(.put, "/delivery/faults", ["duplicates": 1])
        #expect((state["faults"] as? [String: Any])?["duplicates"] as? Int == 1)
        #expect(state["urls"] as? [String] == [setup.receiver.url.absoluteString])
        try await setup.buyCoins()
        _ = try await setup.deliver()
        #expect(setup.receiver.payloads.count == 2, "the duplicate fault posts every attempt twice")
        #expect(Set(setup.receiver.payloads).count == 1)

        try await setup.control(.put, "/delivery/faults", ["drop": "all", "droppedAttemptResult": "TIMED_OUT"])
        try await setup.buyCoins()
        let sends = try await setup.deliver()
        #expect(sends.map { $0["result"] as? String } == ["TIMED_OUT"])
        #expect(setup.receiver.payloads.count == 2, "a dropped attempt sends nothing")
        #expect(try await setup.historyAttempts().last == ["TIMED_OUT"])

        let cleared = try await setup.control(.put, "/delivery/faults", [:])
        #expect((cleared["faults"] as? [String: Any])?["drop"] as? String == "none")
        let refused = try await setup.http.send(
            method: .put, url: URL(string: setup.baseURL.absoluteString + "/control/v1/delivery/faults")!,
            headers: ["Content-Type": "application/json"], body: Data("{\"drop\": \"sometimes\"}".utf8))
        #expect(refused.status.code == 400)
        await setup.shutdown()
    }

    @Test func theCertificatesOCSPURLsPointAtTheServer() async throws {
        let setup = try await Setup.make()
        let authority = setup.server.context.engine.certificateAuthority
        #expect(authority.ocspBaseURL == setup.baseURL.absoluteString + "/ocsp")
        let state = try await setup.control(.get, "/ocsp")
        #expect(state["leafOCSPURL"] as? String == setup.baseURL.absoluteString + "/ocsp/intermediate")
        await setup.shutdown()
    }

    @Test(.enabled(if: PythonOracle.isAvailable, "needs Apple's Python library: make venv"))
    func applesVerifierWithOnlineChecksAsksTheServerAndFailsOnceTheLeafIsRevoked() async throws {
        let setup = try await Setup.make(environment: .sandbox)
        let jws = try await setup.signedTransaction(try await setup.buyCoins())
        let root = setup.server.context.engine.rootCertificateDER
        func status() async throws -> String? {
            try await PythonOracle.verify([("transaction", jws)], root: root, bundleId: DeliveryHarness.bundleId, online: true)
                .first?.status
        }
        #expect(try await status() == "OK")
        try await setup.control(.post, "/ocsp/leaf/revoke", ["reason": 1])
        #expect(try await status() == "VERIFICATION_FAILURE")
        try await setup.control(.post, "/ocsp/leaf/reinstate")
        try await setup.control(.put, "/ocsp/fault", ["fault": "unavailable"])
        #expect(try await status() == "RETRYABLE_VERIFICATION_FAILURE")
        await setup.shutdown()
    }
}
