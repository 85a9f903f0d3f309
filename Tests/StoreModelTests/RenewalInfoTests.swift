import Foundation
import StoreModel
import Testing

@Suite struct RenewalInfoTests {
    @Test func signedRenewalInfoDecodesEveryField() throws {
        let renewal = try Fixtures.decodeAppleModel(JWSRenewalInfoDecodedPayload.self, "signedRenewalInfo.json")
        let expected = JWSRenewalInfoDecodedPayload(
            expirationIntent: .customerCancelled, originalTransactionId: "12345",
            autoRenewProductId: "com.example.product.2", productId: "com.example.product", autoRenewStatus: .on,
            isInBillingRetryPeriod: true, priceIncreaseStatus: .customerHasNotResponded,
            gracePeriodExpiresDate: .ms(1_698_148_900_000), offerType: .promotionalOffer, offerIdentifier: "abc.123",
            signedDate: .ms(1_698_148_800_000), environment: .localTesting,
            recentSubscriptionStartDate: .ms(1_698_148_800_000), renewalDate: .ms(1_698_148_850_000), currency: "USD",
            renewalPrice: 9990, offerDiscountType: .payAsYouGo, eligibleWinBackOfferIds: ["eligible1", "eligible2"],
            appAccountToken: "7e3fb20b-4cdb-47cc-936d-99d65f608138", appTransactionId: "71134", offerPeriod: "P1Y",
            advancedCommerceInfo: AdvancedCommerceRenewalInfo(
                consistencyToken: "token-abc-123",
                descriptors: AdvancedCommerceDescriptors(description: "Premium Plan", displayName: "Premium"),
                items: [
                    AdvancedCommerceRenewalItem(
                        SKU: "com.example.sku.premium", description: "Premium feature", displayName: "Premium Feature",
                        price: 9990,
                        priceIncreaseInfo: AdvancedCommercePriceIncreaseInfo(
                            dependentSKUs: ["com.example.sku.1", "com.example.sku.2"], price: 12990, status: .pending))
                ],
                period: .p1M, requestReferenceId: "ref-12345", taxCode: "TAX_CODE_1"),
            commitmentInfo: RenewalCommitmentInfo(
                commitmentAutoRenewProductId: "com.example.product.commitment", commitmentAutoRenewStatus: .on,
                commitmentRenewalBillingPlanType: .monthly, commitmentRenewalDate: .ms(1_698_149_500_000),
                commitmentRenewalPrice: 9990),
            renewalBillingPlanType: .monthly)
        #expect(renewal == expected)
    }

    @Test func renewalEnumsKeepTheirRawValues() throws {
        let renewal = try Fixtures.decodeAppleModel(JWSRenewalInfoDecodedPayload.self, "signedRenewalInfo.json")
        #expect(renewal.expirationIntent?.rawValue == 1)
        #expect(renewal.autoRenewStatus?.rawValue == 1)
        #expect(renewal.priceIncreaseStatus?.rawValue == 0)
        #expect(renewal.offerType?.rawValue == 2)
        #expect(renewal.advancedCommerceInfo?.items?.first?.priceIncreaseInfo?.status?.rawValue == "PENDING")
        #expect(renewal.appAccountTokenUUID == UUID(uuidString: "7e3fb20b-4cdb-47cc-936d-99d65f608138"))
    }
}
