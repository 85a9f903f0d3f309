import Foundation
import StoreModel
import Testing

/// The JWS payloads StoreKit Testing in Xcode wrote for Apple's Backyard Birds sample.
@Suite struct XcodeVectorTests {
    static let bundleId = "com.example.naturelab.backyardbirds.example"

    @Test func theXcodeTransactionDecodesWithFractionalDatesTruncated() throws {
        let transaction = try AppleJSON.decode(
            JWSTransactionDecodedPayload.self, from: Fixtures.xcodePayload("xcode-signed-transaction"))
        let expected = JWSTransactionDecodedPayload(
            originalTransactionId: "0", transactionId: "0", webOrderLineItemId: "0", bundleId: Self.bundleId,
            productId: "pass.premium", subscriptionGroupIdentifier: "6F3A93AB",
            purchaseDate: .ms(1_697_679_936_049), originalPurchaseDate: .ms(1_697_679_936_049),
            expiresDate: .ms(1_700_358_336_049), quantity: 1, type: .autoRenewable, inAppOwnershipType: .purchased,
            signedDate: .ms(1_697_679_936_056), isUpgraded: false, offerType: .introductoryOffer,
            environment: .xcode, storefront: "USA", storefrontId: "143441", transactionReason: .purchase,
            deviceVerification: "sGDnpg+ozb8uwDSuCDZ2oVZo1CKrbB8ujR8VxCxhykRwyBIK6x6XCyERm8yWrzE8",
            deviceVerificationNonce: "7edea87d-98f0-42d0-9682-49ca81022f73")
        #expect(transaction == expected)
        #expect(transaction.appAccountToken == nil)
        #expect(transaction.revocationReason == nil)
        #expect(transaction.offerIdentifier == nil)
    }

    @Test func theXcodeRenewalInfoDecodesWithFractionalDatesTruncated() throws {
        let renewal = try AppleJSON.decode(
            JWSRenewalInfoDecodedPayload.self, from: Fixtures.xcodePayload("xcode-signed-renewal-info"))
        let expected = JWSRenewalInfoDecodedPayload(
            originalTransactionId: "0", autoRenewProductId: "pass.premium", productId: "pass.premium",
            autoRenewStatus: .on, signedDate: .ms(1_697_679_936_711), environment: .xcode,
            recentSubscriptionStartDate: .ms(1_697_679_936_049), renewalDate: .ms(1_700_358_336_049),
            deviceVerification: "u+W1oQTqvFHOQ+ZBe4Q0xPMC28kqEFvbbsEPpLKDVRFv1GJGegmrNHVoOYMOPvb2",
            deviceVerificationNonce: "3439919e-87c9-47b6-aeee-2823f7a9d3c3")
        #expect(renewal == expected)
    }

    @Test func theXcodeAppTransactionDecodesItsDeviceVerificationAndRequestDate() throws {
        let transaction = try AppleJSON.decode(
            AppTransaction.self, from: Fixtures.xcodePayload("xcode-signed-app-transaction"))
        let expected = AppTransaction(
            receiptType: .xcode, bundleId: Self.bundleId, applicationVersion: "1",
            receiptCreationDate: .ms(1_697_680_122_257), originalPurchaseDate: .ms(-62_135_769_600_000),
            originalApplicationVersion: "1",
            deviceVerification: "cYUsXc53EbYc0pOeXG5d6/31LGHeVGf84sqSN0OrJi5u/j2H89WWKgS8N0hMsMlf",
            deviceVerificationNonce: "48c8b92d-ce0d-4229-bedf-e61b4f9cfc92",
            requestDate: .ms(1_697_680_122_257))
        #expect(transaction == expected)
        #expect(transaction.appAppleId == nil)
        #expect(transaction.deviceVerificationNonceUUID == UUID(uuidString: "48c8b92d-ce0d-4229-bedf-e61b4f9cfc92"))
    }

    static let payloads: [ModelVector] = [
        .of("xcode-signed-transaction", JWSTransactionDecodedPayload.self),
        .of("xcode-signed-renewal-info", JWSRenewalInfoDecodedPayload.self),
        .of("xcode-signed-app-transaction", AppTransaction.self),
    ]

    @Test(arguments: payloads)
    func reencodingAnXcodePayloadKeepsEveryField(_ vector: ModelVector) throws {
        let original = try Fixtures.xcodePayload(vector.file)
        let once = try vector.reencode(original)
        #expect(try JSONTree(parsing: once).keys == JSONTree(parsing: original).keys)
        #expect(try JSONTree(parsing: vector.reencode(once)) == JSONTree(parsing: once))
    }

    @Test func deviceVerificationKeepsItsSlashesUnescaped() throws {
        let transaction = try AppleJSON.decode(
            AppTransaction.self, from: Fixtures.xcodePayload("xcode-signed-app-transaction"))
        let json = String(decoding: try AppleJSON.encode(transaction), as: UTF8.self)
        #expect(json.contains("cYUsXc53EbYc0pOeXG5d6/31LGHeVGf84sqSN0OrJi5u/j2H89WWKgS8N0hMsMlf"))
        #expect(json.contains(#""originalPurchaseDate":-62135769600000"#))
    }
}
