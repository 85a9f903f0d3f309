extension JWSRenewalInfoDecodedPayload: CanonicalJSONEncodable {
    /// Writes the renewal information with its keys in ascending order.
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("advancedCommerceInfo", advancedCommerceInfo)
            writer.field("appAccountToken", appAccountToken)
            writer.field("appTransactionId", appTransactionId)
            writer.field("autoRenewProductId", autoRenewProductId)
            writer.field("autoRenewStatus", autoRenewStatus)
            writer.field("commitmentInfo", commitmentInfo)
            writer.field("currency", currency)
            writer.field("deviceVerification", deviceVerification)
            writer.field("deviceVerificationNonce", deviceVerificationNonce)
            writer.field("eligibleWinBackOfferIds", eligibleWinBackOfferIds)
            writer.field("environment", environment)
            writer.field("expirationIntent", expirationIntent)
            writer.field("gracePeriodExpiresDate", gracePeriodExpiresDate)
            writer.field("isInBillingRetryPeriod", isInBillingRetryPeriod)
            writer.field("offerDiscountType", offerDiscountType)
            writer.field("offerIdentifier", offerIdentifier)
            writer.field("offerPeriod", offerPeriod)
            writer.field("offerType", offerType)
            writer.field("originalTransactionId", originalTransactionId)
            writer.field("priceIncreaseStatus", priceIncreaseStatus)
            writer.field("productId", productId)
            writer.field("recentSubscriptionStartDate", recentSubscriptionStartDate)
            writer.field("renewalBillingPlanType", renewalBillingPlanType)
            writer.field("renewalDate", renewalDate)
            writer.field("renewalPrice", renewalPrice)
            writer.field("signedDate", signedDate)
        }
    }
}

extension RenewalCommitmentInfo: CanonicalJSONEncodable {
    /// Writes the commitment with its keys in ascending order.
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("commitmentAutoRenewProductId", commitmentAutoRenewProductId)
            writer.field("commitmentAutoRenewStatus", commitmentAutoRenewStatus)
            writer.field("commitmentRenewalBillingPlanType", commitmentRenewalBillingPlanType)
            writer.field("commitmentRenewalDate", commitmentRenewalDate)
            writer.field("commitmentRenewalPrice", commitmentRenewalPrice)
        }
    }
}
