import Foundation
import StoreModel
import Testing

@Suite struct NotificationPayloadTests {
    static let uuid = "002e14d5-51f5-4503-b5a8-c3a1af68eb20"
    static let signedDate = Timestamp.ms(1_698_148_900_000)

    static let data = NotificationData(
        environment: .localTesting, appAppleId: 41234, bundleId: "com.example", bundleVersion: "1.2.3",
        signedTransactionInfo: "signed_transaction_info_value", signedRenewalInfo: "signed_renewal_info_value",
        status: .active)

    static let consumptionData: NotificationData = {
        var consumptionData = data
        consumptionData.consumptionRequestReason = .unintendedPurchase
        return consumptionData
    }()

    static func token(_ id: String) -> ExternalPurchaseToken {
        ExternalPurchaseToken(
            externalPurchaseId: id, tokenCreationDate: 1_698_148_950_000, appAppleId: 55555, bundleId: "com.example")
    }

    /// Each notification file and the payload it must decode to.
    static let variants: [(file: String, expected: ResponseBodyV2DecodedPayload)] = [
        (
            "signedNotification.json",
            ResponseBodyV2DecodedPayload(
                notificationType: .subscribed, subtype: .initialBuy, notificationUUID: uuid, data: data,
                version: "2.0", signedDate: signedDate)
        ),
        (
            "signedConsumptionRequestNotification.json",
            ResponseBodyV2DecodedPayload(
                notificationType: .consumptionRequest, notificationUUID: uuid,
                data: consumptionData, version: "2.0", signedDate: signedDate)
        ),
        (
            "signedSummaryNotification.json",
            ResponseBodyV2DecodedPayload(
                notificationType: .renewalExtension, subtype: .summary, notificationUUID: uuid, version: "2.0",
                signedDate: signedDate,
                summary: Summary(
                    environment: .localTesting, appAppleId: 41234, bundleId: "com.example",
                    productId: "com.example.product", requestIdentifier: "efb27071-45a4-4aca-9854-2a1e9146f265",
                    storefrontCountryCodes: ["CAN", "USA", "MEX"], succeededCount: 5, failedCount: 2))
        ),
        (
            "signedExternalPurchaseTokenNotification.json",
            ResponseBodyV2DecodedPayload(
                notificationType: .externalPurchaseToken, subtype: .unreported, notificationUUID: uuid,
                version: "2.0", signedDate: signedDate,
                externalPurchaseToken: token("b2158121-7af9-49d4-9561-1f588205523e"))
        ),
        (
            "signedExternalPurchaseTokenSandboxNotification.json",
            ResponseBodyV2DecodedPayload(
                notificationType: .externalPurchaseToken, subtype: .unreported, notificationUUID: uuid,
                version: "2.0", signedDate: signedDate,
                externalPurchaseToken: token("SANDBOX_b2158121-7af9-49d4-9561-1f588205523e"))
        ),
        (
            "signedRescindConsentNotification.json",
            ResponseBodyV2DecodedPayload(
                notificationType: .rescindConsent, notificationUUID: uuid,
                version: "2.0", signedDate: signedDate,
                appData: AppData(
                    appAppleId: 41234, bundleId: "com.example", environment: .localTesting,
                    signedAppTransactionInfo: "signed_app_transaction_info_value"))
        ),
    ]

    @Test(arguments: variants)
    func eachNotificationVariantDecodesEveryField(_ file: String, _ expected: ResponseBodyV2DecodedPayload) throws {
        let payload = try Fixtures.decodeAppleModel(ResponseBodyV2DecodedPayload.self, file)
        #expect(payload == expected)
    }

    @Test func notificationEnumsKeepTheirWireValues() throws {
        let payload = try Fixtures.decodeAppleModel(ResponseBodyV2DecodedPayload.self, "signedNotification.json")
        #expect(payload.notificationType?.rawValue == "SUBSCRIBED")
        #expect(payload.subtype?.rawValue == "INITIAL_BUY")
        #expect(payload.data?.status?.rawValue == 1)
        #expect(payload.data?.consumptionRequestReason == nil)
    }

    @Test func theSummaryCarriesItsRequestIdentifierAsAUUID() throws {
        let payload = try Fixtures.decodeAppleModel(ResponseBodyV2DecodedPayload.self, "signedSummaryNotification.json")
        #expect(payload.summary?.requestIdentifierUUID == UUID(uuidString: "efb27071-45a4-4aca-9854-2a1e9146f265"))
        #expect(payload.data == nil)
        #expect(payload.externalPurchaseToken == nil)
    }

    @Test func aTestNotificationHasNoSubtype() throws {
        let json = #"""
            {"data":{"appAppleId":1234,"environment":"Sandbox","bundleId":"com.example"},\#
            "notificationUUID":"9ad56bd2-0bc6-42e0-af24-fd996d87a1e6","signedDate":1681314324000,\#
            "notificationType":"TEST"}
            """#
        let payload = try AppleJSON.decode(ResponseBodyV2DecodedPayload.self, from: Data(json.utf8))
        #expect(payload.notificationType == .test)
        #expect(payload.subtype == nil)
        #expect(payload.data == NotificationData(environment: .sandbox, appAppleId: 1234, bundleId: "com.example"))
    }

    @Test func theRequestBodyCarriesTheSignedPayload() throws {
        let body = ResponseBodyV2(signedPayload: "a.b.c")
        #expect(try AppleJSON.encode(body) == Data(#"{"signedPayload":"a.b.c"}"#.utf8))
    }
}
