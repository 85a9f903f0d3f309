import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel
import Synchronization
import Testing

/// Apple's Python `AppStoreServerAPIClient` 3.1.2, its base URL pointed at a live emulator, calls every endpoint
/// it has; every answer decodes, every signed value verifies with Apple's `SignedDataVerifier` rooted at the
/// emulator's root, and the error paths give Apple's codes.
@Suite(.enabled(if: PythonOracle.isAvailable, "Apple's Python library is not installed (make venv)"))
struct ServerAPIInteropTests {
    static let pro = "com.tienda.example.pro.monthly"
    static let coins = "com.tienda.example.coins.100"
    static let lifetime = "com.tienda.example.lifetime"

    /// Calls the client once per entry of `calls` (`[method, arg…]`) in one Python run.
    static func call(_ harness: EmulatorHarness, _ calls: [[Any]], keyId: String? = nil) async throws -> [[String: Any]] {
        let (key, pem) = try harness.apiKey
        return try await PythonOracle.results("call", [
            "baseURL": harness.baseURL.absoluteString, "key": pem, "keyId": keyId ?? key.keyId, "issuerId": key.issuerId,
            "bundleId": EmulatorHarness.bundleId, "environment": "Sandbox",
            "calls": calls.map { ["method": $0[0], "args": Array($0.dropFirst())] },
        ])
    }

    /// Verifies signed values with Apple's verifier; returns the statuses.
    static func verify(_ harness: EmulatorHarness, _ items: [(kind: String, jws: String)]) async throws -> [String] {
        try await PythonOracle.results("verify", [
            "roots": [harness.rootBase64], "bundleId": EmulatorHarness.bundleId, "environment": "Sandbox",
            "strict": true, "online": false, "items": items.map { ["kind": $0.kind, "jws": $0.jws] },
        ]).map { $0["status"] as? String ?? "none" }
    }

    static func model(_ name: String, _ value: [String: Any]) -> [String: Any] { ["$model": name, "value": value] }
    static func enumeration(_ name: String, _ value: Any) -> [String: Any] { ["$enum": name, "value": value] }

    static func result(_ answer: [String: Any]) -> [String: Any] { answer["result"] as? [String: Any] ?? [:] }

    @Test func everyTransactionEndpointAnswersAppleClientWithVerifiableData() async throws {
        let harness = try await EmulatorHarness.start()
        let engine = harness.engine
        let ids = try await harness.buy([Self.pro, Self.coins, Self.lifetime], account: "alice")
        let (subscription, coins, lifetime) = (ids[0], ids[1], ids[2])
        try await engine.createAccount(Account(id: "bob", familyGroup: "family"))
        _ = try await engine.setFamilyGroup("family", for: "alice")
        try await engine.refund(transactionId: coins)
        let renewal = try await engine.forceRenewal(originalTransactionId: subscription).transactionId
        let familyCopy = try #require(try await engine.customerTransactions(Customer(bundleId: EmulatorHarness.bundleId, accountId: "bob"))
            .first { $0.payload.productId == Self.lifetime }?.transactionId)
        let orderId = try #require(OrderIdentifier.orderId(ofTransaction: lifetime))
        let history = Self.model("TransactionHistoryRequest", ["sort": "ASCENDING", "revoked": false,
            "productTypes": ["AUTO_RENEWABLE", "NON_CONSUMABLE"]])
        let now = harness.clock.now.milliseconds
        let answers = try await Self.call(harness, [
            ["get_transaction_info", subscription],
            ["get_transaction_history", subscription, NSNull(), history, Self.enumeration("GetTransactionHistoryVersion", "v1")],
            ["get_transaction_history", lifetime, NSNull(), Self.model("TransactionHistoryRequest", [:]),
             Self.enumeration("GetTransactionHistoryVersion", "v2")],
            ["get_all_subscription_statuses", subscription, [Self.enumeration("Status", 1), Self.enumeration("Status", 2)]],
            ["get_refund_history", subscription, NSNull()],
            ["look_up_order_id", orderId],
            ["look_up_order_id", "MZZZZZZZZ0"],
            ["get_app_transaction_info", subscription],
            ["set_app_account_token", subscription, Self.model("UpdateAppAccountTokenRequest",
                ["appAccountToken": "7389A31A-FB6D-4569-A2A6-DB7D85D84813"])],
            ["send_consumption_data", coins, Self.model("ConsumptionRequestV1", ["customerConsented": true,
                "consumptionStatus": 1, "platform": 1, "sampleContentProvided": false, "deliveryStatus": 0,
                "appAccountToken": "", "accountTenure": 2, "playTime": 3, "lifetimeDollarsRefunded": 1,
                "lifetimeDollarsPurchased": 2, "userStatus": 1, "refundPreference": 1])],
            ["send_consumption_information", coins, Self.model("ConsumptionRequest", ["customerConsented": true,
                "sampleContentProvided": false, "deliveryStatus": "DELIVERED", "consumptionPercentage": 50000,
                "refundPreference": "GRANT_FULL"])],
            ["finish_transaction", coins],
            ["extend_subscription_renewal_date", subscription, Self.model("ExtendRenewalDateRequest",
                ["extendByDays": 5, "extendReasonCode": 1, "requestIdentifier": "fdf964a4-233b-486c-aac1-97d8d52688ac"])],
            ["get_notification_history", NSNull(), Self.model("NotificationHistoryRequest",
                ["startDate": now - 86_400_000, "endDate": now + 86_400_000])],
            ["get_notification_history", NSNull(), Self.model("NotificationHistoryRequest",
                ["startDate": now - 86_400_000, "endDate": now + 86_400_000, "notificationType": "DID_RENEW"])],
        ])
        for (index, answer) in answers.enumerated() {
            #expect(answer["ok"] as? Bool == true, "call \(index): \(answer)")
        }
        let info = Self.result(answers[0])
        let v1 = Self.result(answers[1])
        let v2 = Self.result(answers[2])
        let statuses = Self.result(answers[3])
        let refunds = Self.result(answers[4])
        #expect((v1["signedTransactions"] as? [String])?.count == 3)   // lifetime, the subscription and its renewal
        #expect(v1["environment"] as? String == "Sandbox" && v1["bundleId"] as? String == EmulatorHarness.bundleId)
        #expect((v2["signedTransactions"] as? [String])?.count == 4 && v2["hasMore"] as? Bool == false)
        let groups = statuses["data"] as? [[String: Any]] ?? []
        let lastTransactions = groups.first?["lastTransactions"] as? [[String: Any]] ?? []
        #expect(lastTransactions.first?["status"] as? Int == 1 && lastTransactions.first?["originalTransactionId"] as? String == subscription)
        #expect((refunds["signedTransactions"] as? [String])?.count == 1)
        #expect(Self.result(answers[5])["status"] as? Int == 0)
        #expect((Self.result(answers[5])["signedTransactions"] as? [String])?.count == 1)
        #expect(Self.result(answers[6])["status"] as? Int == 1)
        let extended = Self.result(answers[12])
        #expect(extended["success"] as? Bool == true && extended["originalTransactionId"] as? String == subscription)
        let notifications = Self.result(answers[13])["notificationHistory"] as? [[String: Any]] ?? []
        #expect(notifications.count >= 5)
        let renewals = Self.result(answers[14])["notificationHistory"] as? [[String: Any]] ?? []
        #expect(!renewals.isEmpty && renewals.count < notifications.count)

        var signed: [(kind: String, jws: String)] = [("transaction", info["signedTransactionInfo"] as? String ?? "")]
        for page in [v1, v2, refunds, Self.result(answers[5])] {
            signed += (page["signedTransactions"] as? [String] ?? []).map { ("transaction", $0) }
        }
        signed += lastTransactions.flatMap {
            [("transaction", $0["signedTransactionInfo"] as? String ?? ""), ("renewal", $0["signedRenewalInfo"] as? String ?? "")]
        }
        signed.append(("app-transaction", Self.result(answers[7])["signedAppTransactionInfo"] as? String ?? ""))
        signed += notifications.map { ("notification", $0["signedPayload"] as? String ?? "") }
        let verdicts = try await Self.verify(harness, signed)
        #expect(verdicts.allSatisfy { $0 == "OK" }, "\(verdicts)")

        let errors = try await Self.call(harness, [
            ["get_transaction_info", "not-a-number"],
            ["get_transaction_info", "2999999999999999"],
            ["get_app_transaction_info", "invalid_id"],
            ["get_app_transaction_info", "2999999999999999"],
            ["set_app_account_token", subscription, Self.model("UpdateAppAccountTokenRequest", ["appAccountToken": "not-a-uuid"])],
            ["set_app_account_token", familyCopy, Self.model("UpdateAppAccountTokenRequest",
                ["appAccountToken": "7389a31a-fb6d-4569-a2a6-db7d85d84813"])],
            ["set_app_account_token", renewal, Self.model("UpdateAppAccountTokenRequest",
                ["appAccountToken": "7389a31a-fb6d-4569-a2a6-db7d85d84813"])],
            ["get_notification_history", NSNull(), Self.model("NotificationHistoryRequest", ["startDate": now - 86_400_000,
                "endDate": now, "notificationType": "DID_RENEW", "transactionId": subscription])],
            ["get_notification_history", NSNull(), Self.model("NotificationHistoryRequest",
                ["startDate": now - 40 * 86_400_000, "endDate": now])],
            ["get_transaction_history", subscription, "garbage", Self.model("TransactionHistoryRequest", [:]),
             Self.enumeration("GetTransactionHistoryVersion", "v2")],
            ["extend_subscription_renewal_date", subscription, Self.model("ExtendRenewalDateRequest",
                ["extendByDays": 91, "extendReasonCode": 1, "requestIdentifier": "a"])],
            ["get_status_of_subscription_renewal_date_extensions", "20fba8a0-2b80-4a7d-a17f-85c1854727f8", Self.pro],
            ["get_test_notification_status", "unknown-token"],
        ])
        let expected: [(Int, Int, String?)] = [
            (400, 4_000_006, "INVALID_TRANSACTION_ID"), (404, 4_040_010, "TRANSACTION_ID_NOT_FOUND"),
            (400, 4_000_006, "INVALID_TRANSACTION_ID"), (404, 4_040_010, "TRANSACTION_ID_NOT_FOUND"),
            (400, 4_000_183, "INVALID_APP_ACCOUNT_TOKEN_UUID_ERROR"), (400, 4_000_185, "FAMILY_TRANSACTION_NOT_SUPPORTED_ERROR"),
            (400, 4_000_187, "TRANSACTION_ID_IS_NOT_ORIGINAL_TRANSACTION_ID_ERROR"),
            (400, 4_000_019, "MULTIPLE_FILTERS_SUPPLIED"), (400, 4_000_012, "START_DATE_TOO_FAR_IN_PAST"),
            (400, 4_000_005, "INVALID_REQUEST_REVISION"), (400, 4_000_009, "INVALID_EXTEND_BY_DAYS"),
            (404, 4_040_009, "STATUS_REQUEST_NOT_FOUND"), (404, 4_040_008, "TEST_NOTIFICATION_NOT_FOUND"),
        ]
        for (answer, (status, code, name)) in zip(errors, expected) {
            #expect(answer["status"] as? Int == status && answer["code"] as? Int == code && answer["apiError"] as? String == name,
                "\(answer)")
        }
        #expect(errors[0]["message"] as? String == "Invalid transaction id.")
        #expect(errors[4]["message"] as? String == "Invalid request. The app account token field must be a valid UUID.")
        await harness.stop()
    }

    @Test func notificationsExtensionsAndPagingAnswerAppleClient() async throws {
        let harness = try await EmulatorHarness.start()
        let ids = try await harness.buy([Self.pro] + Array(repeating: Self.coins, count: 24), account: "carol")
        let test = try await Self.call(harness, [
            ["request_test_notification"],
            ["extend_renewal_date_for_all_active_subscribers", Self.model("MassExtendRenewalDateRequest", [
                "extendByDays": 3, "extendReasonCode": 3, "requestIdentifier": "758883e8-151b-47b7-abd0-60c4d804c2f5",
                "productId": Self.pro, "storefrontCountryCodes": ["USA", "MEX"]])],
            ["get_transaction_history", ids[0], NSNull(), Self.model("TransactionHistoryRequest", ["sort": "DESCENDING"]),
             Self.enumeration("GetTransactionHistoryVersion", "v2")],
        ])
        let token = try #require(Self.result(test[0])["testNotificationToken"] as? String)
        #expect(Self.result(test[1])["requestIdentifier"] as? String == "758883e8-151b-47b7-abd0-60c4d804c2f5")
        let firstPage = Self.result(test[2])
        #expect((firstPage["signedTransactions"] as? [String])?.count == 20 && firstPage["hasMore"] as? Bool == true)
        try await harness.engine.runDueEvents()
        let next = try await Self.call(harness, [
            ["get_test_notification_status", token],
            ["get_status_of_subscription_renewal_date_extensions", "758883e8-151b-47b7-abd0-60c4d804c2f5", Self.pro],
            ["get_transaction_history", ids[0], firstPage["revision"] ?? NSNull(),
             Self.model("TransactionHistoryRequest", ["sort": "DESCENDING"]), Self.enumeration("GetTransactionHistoryVersion", "v2")],
        ])
        let status = Self.result(next[0])
        let mass = Self.result(next[1])
        let secondPage = Self.result(next[2])
        #expect(mass["complete"] as? Bool == true && mass["succeededCount"] as? Int == 1 && mass["failedCount"] as? Int == 0)
        #expect((secondPage["signedTransactions"] as? [String])?.count == 5 && secondPage["hasMore"] as? Bool == false)
        let verdicts = try await Self.verify(harness, [("notification", status["signedPayload"] as? String ?? "")])
        #expect(verdicts == ["OK"])
        await harness.stop()
    }

    @Test func retentionMessagingKeepsImagesMessagesDefaultsAndRunsPerformanceTests() async throws {
        let harness = try await EmulatorHarness.start()
        let ids = try await harness.buy([Self.pro], account: "dana")
        let received = RequestCounter()
        let realtime = HTTPServer { request in
            if request.body.starts(with: Data(#"{"signedPayload""#.utf8)) { received.count.withLock { $0 += 1 } }
            return .json(Data(#"{"message":{"messageIdentifier":"a1b2c3d4-e5f6-7890-a1b2-c3d4e5f67890"}}"#.utf8))
        }
        let realtimePort = try await realtime.start()
        let image = "a1b2c3d4-e5f6-7890-a1b2-c3d4e5f67891"
        let message = "a1b2c3d4-e5f6-7890-a1b2-c3d4e5f67890"
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]).base64EncodedString()
        let answers = try await Self.call(harness, [
            ["upload_image", ["$uuid": image], ["$bytes": png], Self.enumeration("ImageSize", "FULL_SIZE")],
            ["get_image_list"],
            ["upload_message", ["$uuid": message], Self.model("UploadMessageRequestBody", ["header": "Stay with us",
                "body": "Keep your streak going.", "image": ["imageIdentifier": image, "altText": "A flame"],
                "headerPosition": "ABOVE_IMAGE"])],
            ["get_message_list"],
            ["configure_default_message", Self.pro, "en-US", Self.model("DefaultConfigurationRequest", ["messageIdentifier": message])],
            ["get_default_message", Self.pro, "en-US"],
            ["configure_realtime_url", Self.model("RealtimeUrlRequest", ["realtimeURL": "http://127.0.0.1:\(realtimePort)/realtime"])],
            ["get_realtime_url"],
            ["initiate_performance_test", Self.model("PerformanceTestRequest", ["originalTransactionId": ids[0]])],
            ["upload_image", ["$uuid": image], ["$bytes": png], Self.enumeration("ImageSize", "FULL_SIZE")],
            ["delete_image", ["$uuid": image]],
            ["upload_message", ["$uuid": "a1b2c3d4-e5f6-7890-a1b2-c3d4e5f67899"], Self.model("UploadMessageRequestBody", [
                "header": "Wait", "body": "b", "headerPosition": "ABOVE_IMAGE"])],
            ["upload_image", ["$uuid": "a1b2c3d4-e5f6-7890-a1b2-c3d4e5f67892"], ["$bytes": Data("GIF89a".utf8).base64EncodedString()]],
        ])
        for answer in answers.prefix(9) { #expect(answer["ok"] as? Bool == true, "\(answer)") }
        #expect((Self.result(answers[1])["imageIdentifiers"] as? [[String: Any]])?.first?["imageState"] as? String == "APPROVED")
        #expect(Self.result(answers[5])["messageIdentifier"] as? String == message)
        #expect(answers[9]["code"] as? Int == 4_090_000 && answers[10]["code"] as? Int == 4_030_019)
        #expect(answers[11]["code"] as? Int == 4_000_224 && answers[12]["code"] as? Int == 4_000_161, "\(answers[11]) \(answers[12])")
        let requestId = try #require(Self.result(answers[8])["requestId"] as? String)
        var result: [String: Any] = [:]
        let deadline = ContinuousClock.now + .seconds(60)
        repeat {
            result = Self.result(try await Self.call(harness, [["get_performance_test_results", requestId]])[0])
        } while result["result"] as? String == "PENDING" && ContinuousClock.now < deadline
        // Every request reached the realtime URL and was answered; only slowness (a loaded machine) may fail one,
        // and the grade follows the success rate against the 90 % threshold.
        #expect(received.count.withLock { $0 } == 10)
        #expect(result["numPending"] as? Int == 0, "\(result)")
        let failures = result["failures"] as? [String: Int] ?? [:]
        #expect(Set(failures.keys).isSubset(of: ["TIMED_OUT"]), "\(result)")
        let rate = try #require(result["successRate"] as? Int)
        #expect(rate == 100 - 10 * failures.values.reduce(0, +))
        #expect(result["result"] as? String == (rate >= 90 ? "PASS" : "FAIL"), "\(result)")
        let cleanup = try await Self.call(harness, [
            ["delete_default_message", Self.pro, "en-US"], ["delete_message", ["$uuid": message]], ["delete_image", ["$uuid": image]],
            ["delete_realtime_url"], ["get_realtime_url"],
        ])
        for answer in cleanup.prefix(4) { #expect(answer["ok"] as? Bool == true, "\(answer)") }
        #expect(cleanup[4]["code"] as? Int == 4_040_021)
        await realtime.shutdown()
        await harness.stop()
    }

    @Test func aTokenFromAnUnknownKeyGets401WithoutData() async throws {
        let harness = try await EmulatorHarness.start()
        let ids = try await harness.buy([Self.coins], account: "erin")
        let answers = try await Self.call(harness, [["get_transaction_info", ids[0]]], keyId: "UNKNOWNKEY")
        #expect(answers[0]["status"] as? Int == 401 && answers[0]["code"] is NSNull)
        await harness.stop()
    }

    /// Every endpoint method of Apple's client (listed by the library itself) is called by this suite.
    @Test func thisSuiteCallsEveryMethodOfApplesClient() async throws {
        let methods = try await PythonOracle.results("methods", [:]).compactMap { $0["method"] as? String }
        #expect(methods.count >= 30)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let uncalled = methods.filter { !source.contains("[\"\($0)\"") }
        #expect(uncalled.isEmpty, "not called: \(uncalled)")
    }
}

/// Counts the realtime requests a test server receives.
final class RequestCounter: Sendable {
    let count = Mutex(0)
}
