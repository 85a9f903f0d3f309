import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// Payloads written with their stored form alongside: the same bytes as coding the JSON afterwards, and the JSON
/// back exactly when the stored form is expanded.
@Suite struct StoredFormWritingTests {
    /// The stored form must be what coding the JSON gives, and must expand to the JSON.
    static func expectStoredForm(_ stored: [UInt8], of json: [UInt8]) throws {
        #expect(stored == StoredMemberNames.compacting(json))
        #expect(try StoredMemberNames.expanding(stored) == json)
        #expect(stored.count < json.count)
    }

    @Test(arguments: [
        PayloadJSONTests.transaction,
        JWSTransactionDecodedPayload(transactionId: "1"),
        JWSTransactionDecodedPayload(
            originalTransactionId: "2000000000000001", transactionId: "2000000000000002", bundleId: "com.example",
            productId: "com.example.monthly", quantity: 1, type: .autoRenewable, appAccountToken: "\"productId\":",
            environment: .sandbox),
        // A value past any stack buffer's size.
        JWSTransactionDecodedPayload(
            transactionId: "3", offerIdentifier: String(repeating: "o", count: 5_000), environment: .production),
    ])
    func transactionsAreWrittenWithTheirStoredForm(payload: JWSTransactionDecodedPayload) throws {
        let (json, stored) = PayloadJSON.unsignedTransactionAndStoredForm(payload)
        #expect(json == PayloadJSON.unsignedTransaction(payload))
        try Self.expectStoredForm(stored, of: json)
    }

    @Test func aStoredTransactionBindsTheFormItWasWrittenWithUntilItsJSONChanges() throws {
        var transaction = StoredTransaction(PayloadJSONTests.transaction, accountId: "a")
        #expect(transaction.storedForm == StoredMemberNames.compacting(transaction.json))
        let copy = StoredTransaction(
            id: transaction.id, bundleId: transaction.bundleId, accountId: transaction.accountId,
            productId: transaction.productId, productType: transaction.productType,
            originalTransactionId: transaction.originalTransactionId, purchaseDate: transaction.purchaseDate,
            isFinished: transaction.isFinished, isRevoked: transaction.isRevoked, familySource: transaction.familySource,
            json: transaction.json)
        // The stored form follows from the JSON: it is not part of the value.
        #expect(copy.storedForm == nil && copy == transaction && copy.hashValue == transaction.hashValue)
        transaction.json = PayloadJSON.unsignedTransaction(JWSTransactionDecodedPayload(transactionId: "9"))
        #expect(transaction.storedForm == nil)
    }

    @Test func renewalInfoIsWrittenWithItsStoredFormInReusedBuffers() throws {
        // Buffers a lane kept from a longer payload: both are emptied before writing.
        var buffer = [UInt8](repeating: 0x41, count: 2_000)
        var stored = [UInt8](repeating: 0x42, count: 2_000)
        let full = JWSRenewalInfoDecodedPayload(
            expirationIntent: .billingError, originalTransactionId: "1", autoRenewProductId: "a", productId: "b",
            autoRenewStatus: .off, isInBillingRetryPeriod: false, priceIncreaseStatus: .customerHasNotResponded,
            gracePeriodExpiresDate: Timestamp(milliseconds: 3), offerType: .winBackOffer, offerIdentifier: "w\"\n",
            environment: .production, recentSubscriptionStartDate: Timestamp(milliseconds: 1),
            renewalDate: Timestamp(milliseconds: 2), currency: "EUR", renewalPrice: 1990, offerDiscountType: .freeTrial,
            eligibleWinBackOfferIds: ["x", "y"], appAccountToken: "t", appTransactionId: "7", offerPeriod: "P1W",
            renewalBillingPlanType: .billedUpfront)
        for payload in [full, NotificationJobSigningTests.renewal, JWSRenewalInfoDecodedPayload()] {
            let date = Timestamp(milliseconds: 1_706_745_600_123)
            PayloadJSON.renewalInfo(payload, signedDate: date, writingTo: &buffer, storedFormIn: &stored)
            var signed = payload
            signed.signedDate = date
            #expect(buffer == PayloadJSON.renewalInfo(signed))
            try Self.expectStoredForm(stored, of: buffer)
        }
    }

    @Test func namesWithoutACodeAndEscapedStandInsAreStoredAsWritten() throws {
        var json: [UInt8] = []
        var stored: [UInt8] = []
        var writer = JSONPayloadWriter(reusing: &json, storedFormIn: &stored)
        writer.field("receiptType", "Sandbox")
        writer.field(.notificationUUID, "a\"b", storedAs: StoredJWS.notificationUUIDMarker)
        writer.field(.productId, "plain", storedAs: 0x05)
        writer.beginObject(.data)
        writer.field(.price, Int64(-7))
        writer.field(.isUpgraded, true)
        writer.field(.eligibleWinBackOfferIds, ["a", "b\\"])
        writer.endObject()
        (json, stored) = writer.finishWithStoredForm()
        #expect(String(decoding: json, as: UTF8.self)
            == #"{"receiptType":"Sandbox","notificationUUID":"a\"b","productId":"plain","data":{"price":-7,"isUpgraded":true,"eligibleWinBackOfferIds":["a","b\\"]}}"#)
        let code = { (member: StoredMember) -> [UInt8] in
            member.code.1 == 0 ? [member.code.0] : [member.code.0, member.code.1]
        }
        let expected: [UInt8] = Array(#"{"receiptType":"Sandbox","#.utf8) + code(.notificationUUID)
            + Array(#""a\"b","#.utf8) + code(.productId) + [0x22, 0x05, 0x22, 0x2C] + code(.data) + [0x7B]
            + code(.price) + Array("-7,".utf8) + code(.isUpgraded) + Array("true,".utf8)
            + code(.eligibleWinBackOfferIds) + Array(#"["a","b\\"]}}"#.utf8)
        #expect(stored == expected)
    }

    @Test func aWriterWithoutTheStoredFormHandsOverNone() {
        var writer = JSONPayloadWriter()
        writer.field(.productId, "p")
        let (json, stored) = writer.finishWithStoredForm()
        #expect(String(decoding: json, as: UTF8.self) == #"{"productId":"p"}"#)
        #expect(stored.isEmpty)
    }

    @Test func eachMemberIsSpelledAsItsCaseAndTheOrderIsFixed() {
        for member in StoredMember.allCases {
            #expect(member.name.description == String(describing: member))
        }
        // Rows already stored depend on these positions: a name is only ever appended.
        #expect(StoredMemberNames.names == [
            "originalTransactionId", "transactionId", "webOrderLineItemId", "bundleId", "productId",
            "subscriptionGroupIdentifier", "purchaseDate", "originalPurchaseDate", "expiresDate", "quantity", "type",
            "inAppOwnershipType", "environment", "storefront", "storefrontId", "transactionReason", "currency", "price",
            "appTransactionId", "signedDate", "autoRenewProductId", "autoRenewStatus", "isInBillingRetryPeriod",
            "recentSubscriptionStartDate", "renewalDate",
            "renewalPrice", "notificationType", "notificationUUID", "data", "bundleVersion", "signedTransactionInfo",
            "signedRenewalInfo", "status", "version", "subtype", "appAppleId", "appAccountToken", "revocationReason",
            "revocationDate", "isUpgraded", "offerType", "offerIdentifier", "offerDiscountType", "offerPeriod",
            "revocationType", "revocationPercentage", "advancedCommerceInfo", "billingPlanType", "commitmentInfo",
            "deviceVerification", "deviceVerificationNonce", "expirationIntent", "priceIncreaseStatus",
            "gracePeriodExpiresDate", "eligibleWinBackOfferIds", "renewalBillingPlanType", "consumptionRequestReason",
            "summary", "externalPurchaseToken", "appData", "requestIdentifier", "storefrontCountryCodes",
            "succeededCount", "failedCount",
        ])
        #expect(StoredMember.renewalDate.code == (0x1E, 0) && StoredMember.renewalPrice.code == (0x1F, 0x80))
    }
}
