import Foundation
import StoreModel
import Testing

@Suite struct TransactionPayloadTests {
    static let appAccountToken = "7e3fb20b-4cdb-47cc-936d-99d65f608138"

    @Test func signedTransactionDecodesEveryField() throws {
        let transaction = try Fixtures.decodeAppleModel(JWSTransactionDecodedPayload.self, "signedTransaction.json")
        let expected = JWSTransactionDecodedPayload(
            originalTransactionId: "12345", transactionId: "23456", webOrderLineItemId: "34343",
            bundleId: "com.example", productId: "com.example.product", subscriptionGroupIdentifier: "55555",
            purchaseDate: .ms(1_698_148_900_000), originalPurchaseDate: .ms(1_698_148_800_000),
            expiresDate: .ms(1_698_149_000_000), quantity: 1, type: .autoRenewable,
            appAccountToken: Self.appAccountToken, inAppOwnershipType: .purchased, signedDate: .ms(1_698_148_900_000),
            revocationReason: .refundedDueToIssue, revocationDate: .ms(1_698_148_950_000), isUpgraded: true,
            offerType: .introductoryOffer, offerIdentifier: "abc.123", environment: .localTesting, storefront: "USA",
            storefrontId: "143441", transactionReason: .purchase, currency: "USD", price: 10990,
            offerDiscountType: .payAsYouGo, appTransactionId: "71134", offerPeriod: "P1Y",
            advancedCommerceInfo: AdvancedCommerceTransactionInfo(
                descriptors: AdvancedCommerceDescriptors(description: "Premium Plan", displayName: "Premium"),
                estimatedTax: 1500,
                items: [
                    AdvancedCommerceTransactionItem(
                        SKU: "com.example.sku.premium", description: "Premium feature", displayName: "Premium Feature",
                        price: 9990,
                        refunds: [
                            AdvancedCommerceRefund(
                                refundAmount: 5000, refundDate: .ms(1_698_149_100_000), refundReason: .fulfillmentIssue,
                                refundType: .prorated)
                        ],
                        revocationDate: .ms(1_698_149_200_000))
                ],
                period: .p1M, requestReferenceId: "ref-12345", taxCode: "TAX_CODE_1", taxExclusivePrice: 8490,
                taxRate: "0.15"),
            billingPlanType: .monthly,
            commitmentInfo: TransactionCommitmentInfo(
                billingPeriodNumber: 3, commitmentExpiresDate: .ms(1_698_150_000_000), commitmentPrice: 119_880,
                totalBillingPeriods: 12))
        #expect(transaction == expected)
        #expect(transaction.appAccountTokenUUID == UUID(uuidString: Self.appAccountToken))
        #expect(transaction.revocationType == nil)
        #expect(transaction.deviceVerification == nil)
    }

    @Test func enumFieldsMapToTheirDocumentedValues() throws {
        let transaction = try Fixtures.decodeAppleModel(JWSTransactionDecodedPayload.self, "signedTransaction.json")
        #expect(transaction.type?.rawValue == "Auto-Renewable Subscription")
        #expect(transaction.revocationReason?.rawValue == 1)
        #expect(transaction.offerType?.rawValue == 1)
        #expect(transaction.offerDiscountType?.rawValue == "PAY_AS_YOU_GO")
        let enums: [Bool?] = [
            transaction.type?.isKnown, transaction.inAppOwnershipType?.isKnown, transaction.revocationReason?.isKnown,
            transaction.offerType?.isKnown, transaction.environment?.isKnown, transaction.transactionReason?.isKnown,
            transaction.offerDiscountType?.isKnown, transaction.billingPlanType?.isKnown,
            transaction.advancedCommerceInfo?.period?.isKnown,
            transaction.advancedCommerceInfo?.items?.first?.refunds?.first?.refundReason?.isKnown,
            transaction.advancedCommerceInfo?.items?.first?.refunds?.first?.refundType?.isKnown,
        ]
        #expect(enums.allSatisfy { $0 == true })
    }

    @Test func aRevokedTransactionCarriesItsRevocationTypeAndPercentage() throws {
        let transaction = try Fixtures.decodeAppleModel(
            JWSTransactionDecodedPayload.self, "signedTransactionWithRevocation.json")
        #expect(transaction.revocationType == .refundProrated)
        #expect(transaction.revocationPercentage == 50000)
        #expect(transaction.revocationReason == .refundedDueToIssue)
        #expect(transaction.revocationDate == .ms(1_698_148_950_000))
        #expect(transaction.advancedCommerceInfo == nil)
        #expect(transaction.commitmentInfo == nil)
        #expect(transaction.billingPlanType == nil)
    }

    @Test func anAppAccountTokenThatIsNotAUUIDIsKeptButHasNoUUID() throws {
        let transaction = try AppleJSON.decode(
            JWSTransactionDecodedPayload.self, from: Data(#"{"appAccountToken":"not-a-uuid"}"#.utf8))
        #expect(transaction.appAccountToken == "not-a-uuid")
        #expect(transaction.appAccountTokenUUID == nil)
    }

    @Test func anUppercaseAppAccountTokenIsKeptAsReceived() throws {
        let token = "7E3FB20B-4CDB-47CC-936D-99D65F608138"
        let data = Data(#"{"appAccountToken":"\#(token)"}"#.utf8)
        let transaction = try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: data)
        #expect(try AppleJSON.encode(transaction) == data)
        #expect(transaction.appAccountTokenUUID == UUID(uuidString: Self.appAccountToken))
    }
}
