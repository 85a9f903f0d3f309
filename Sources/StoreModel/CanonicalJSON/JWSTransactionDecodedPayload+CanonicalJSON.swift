extension JWSTransactionDecodedPayload: CanonicalJSONEncodable {
    /// Writes the transaction with its keys in ascending order.
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("advancedCommerceInfo", advancedCommerceInfo)
            writer.field("appAccountToken", appAccountToken)
            writer.field("appTransactionId", appTransactionId)
            writer.field("billingPlanType", billingPlanType)
            writer.field("bundleId", bundleId)
            writer.field("commitmentInfo", commitmentInfo)
            writer.field("currency", currency)
            writer.field("deviceVerification", deviceVerification)
            writer.field("deviceVerificationNonce", deviceVerificationNonce)
            writer.field("environment", environment)
            writer.field("expiresDate", expiresDate)
            writer.field("inAppOwnershipType", inAppOwnershipType)
            writer.field("isUpgraded", isUpgraded)
            writer.field("offerDiscountType", offerDiscountType)
            writer.field("offerIdentifier", offerIdentifier)
            writer.field("offerPeriod", offerPeriod)
            writer.field("offerType", offerType)
            writer.field("originalPurchaseDate", originalPurchaseDate)
            writer.field("originalTransactionId", originalTransactionId)
            writer.field("price", price)
            writer.field("productId", productId)
            writer.field("purchaseDate", purchaseDate)
            writer.field("quantity", quantity)
            writer.field("revocationDate", revocationDate)
            writer.field("revocationPercentage", revocationPercentage)
            writer.field("revocationReason", revocationReason)
            writer.field("revocationType", revocationType)
            writer.field("signedDate", signedDate)
            writer.field("storefront", storefront)
            writer.field("storefrontId", storefrontId)
            writer.field("subscriptionGroupIdentifier", subscriptionGroupIdentifier)
            writer.field("transactionId", transactionId)
            writer.field("transactionReason", transactionReason)
            writer.field("type", type)
            writer.field("webOrderLineItemId", webOrderLineItemId)
        }
    }
}

extension TransactionCommitmentInfo: CanonicalJSONEncodable {
    /// Writes the commitment with its keys in ascending order.
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("billingPeriodNumber", billingPeriodNumber)
            writer.field("commitmentExpiresDate", commitmentExpiresDate)
            writer.field("commitmentPrice", commitmentPrice)
            writer.field("totalBillingPeriods", totalBillingPeriods)
        }
    }
}
