import Foundation
import StoreModel
import Testing

/// The instant and identity each payload type offers the verifier (§1.2 step 5 and §1.4 of the reference).
@Suite struct SignedPayloadTests {
    @Test func aTransactionIsCheckedForBundleAndEnvironmentAtItsSignedDate() throws {
        let transaction = try Fixtures.decodeAppleModel(JWSTransactionDecodedPayload.self, "signedTransaction.json")
        #expect(transaction.verificationInstant == .ms(1_698_148_900_000))
        #expect(
            transaction.verificationIdentity
                == SignedPayloadIdentity(
                    checksBundleId: true, bundleId: "com.example", checksAppAppleId: false, appAppleId: nil,
                    environment: .localTesting))
    }

    @Test func renewalInfoIsCheckedForItsEnvironmentOnly() throws {
        let renewal = try Fixtures.decodeAppleModel(JWSRenewalInfoDecodedPayload.self, "signedRenewalInfo.json")
        #expect(renewal.verificationInstant == .ms(1_698_148_800_000))
        #expect(
            renewal.verificationIdentity
                == SignedPayloadIdentity(
                    checksBundleId: false, bundleId: nil, checksAppAppleId: false, appAppleId: nil,
                    environment: .localTesting))
    }

    @Test func anAppTransactionUsesItsReceiptTypeAndCreationDate() throws {
        let transaction = try Fixtures.decodeAppleModel(AppTransaction.self, "appTransaction.json")
        #expect(transaction.verificationInstant == .ms(1_698_148_900_000))
        #expect(
            transaction.verificationIdentity
                == SignedPayloadIdentity(
                    checksBundleId: true, bundleId: "com.example", checksAppAppleId: true, appAppleId: 531412,
                    environment: .localTesting))
    }

    @Test func aRealtimeRequestIsCheckedForAppAppleIdAndEnvironmentButNoBundle() throws {
        let request = try Fixtures.decodeAppleModel(DecodedRealtimeRequestBody.self, "decodedRealtimeRequest.json")
        #expect(request.verificationInstant == .ms(1_698_148_900_000))
        #expect(
            request.verificationIdentity
                == SignedPayloadIdentity(
                    checksBundleId: false, bundleId: nil, checksAppAppleId: true, appAppleId: 531412,
                    environment: .localTesting))
    }

    /// Each notification file and the identity its first present branch gives.
    static let notifications: [(file: String, bundleId: String, appAppleId: Int64, AppStoreEnvironment)] = [
        ("signedNotification.json", "com.example", 41234, .localTesting),
        ("signedConsumptionRequestNotification.json", "com.example", 41234, .localTesting),
        ("signedSummaryNotification.json", "com.example", 41234, .localTesting),
        ("signedExternalPurchaseTokenNotification.json", "com.example", 55555, .production),
        ("signedExternalPurchaseTokenSandboxNotification.json", "com.example", 55555, .sandbox),
        ("signedRescindConsentNotification.json", "com.example", 41234, .localTesting),
    ]

    @Test(arguments: notifications)
    func aNotificationTakesItsIdentityFromItsPresentBranch(
        _ file: String, _ bundleId: String, _ appAppleId: Int64, _ environment: AppStoreEnvironment
    ) throws {
        let payload = try Fixtures.decodeAppleModel(ResponseBodyV2DecodedPayload.self, file)
        #expect(payload.verificationInstant == .ms(1_698_148_900_000))
        #expect(
            payload.verificationIdentity
                == SignedPayloadIdentity(
                    checksBundleId: true, bundleId: bundleId, checksAppAppleId: true, appAppleId: appAppleId,
                    environment: environment))
    }

    @Test func dataWinsOverTheOtherBranchesAndSummaryOverTheRest() {
        let data = NotificationData(environment: .sandbox, appAppleId: 1, bundleId: "data")
        let summary = Summary(environment: .production, appAppleId: 2, bundleId: "summary")
        let token = ExternalPurchaseToken(externalPurchaseId: "SANDBOX_1", appAppleId: 3, bundleId: "token")
        let appData = AppData(appAppleId: 4, bundleId: "appData", environment: .xcode)
        let all = ResponseBodyV2DecodedPayload(
            data: data, summary: summary, externalPurchaseToken: token, appData: appData)
        #expect(all.verificationIdentity.bundleId == "data")
        let noData = ResponseBodyV2DecodedPayload(summary: summary, externalPurchaseToken: token, appData: appData)
        #expect(noData.verificationIdentity.bundleId == "summary")
        let tokenFirst = ResponseBodyV2DecodedPayload(externalPurchaseToken: token, appData: appData)
        #expect(tokenFirst.verificationIdentity.environment == .sandbox)
        #expect(tokenFirst.verificationIdentity.appAppleId == 3)
    }

    @Test func aNotificationWithoutAnyBranchHasNoBundleToMatch() {
        let identity = ResponseBodyV2DecodedPayload(notificationType: .test, signedDate: .ms(1)).verificationIdentity
        #expect(identity.checksBundleId)
        #expect(identity.bundleId == nil)
        #expect(identity.environment == nil)
    }

    @Test(arguments: [
        ("SANDBOX_b2158121", AppStoreEnvironment.sandbox), ("SANDBOX", .sandbox), ("b2158121", .production),
        ("sandbox_b2158121", .production), ("", .production),
    ])
    func anExternalPurchaseTokenIsSandboxOnlyWithTheUppercasePrefix(_ id: String, _ environment: AppStoreEnvironment) {
        #expect(ExternalPurchaseToken(externalPurchaseId: id).impliedEnvironment == environment)
    }

    @Test func anExternalPurchaseTokenWithoutAnIdCountsAsProduction() {
        #expect(ExternalPurchaseToken().impliedEnvironment == .production)
    }

    @Test func aPayloadWithoutADateIsValidatedNow() {
        #expect(JWSTransactionDecodedPayload().verificationInstant == nil)
        #expect(AppTransaction(requestDate: .ms(5)).verificationInstant == nil)
    }
}
