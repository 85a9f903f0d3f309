/// A member name of the payloads the engine stores (transactions, renewal information, notifications), and its
/// code in the stored form (``StoredMemberNames``). A payload written with these names (``JSONPayloadWriter``)
/// gets its stored form as it is written, each name's code put down with no lookup.
///
/// A case's position is its code, and rows already stored depend on it: cases are only ever appended.
enum StoredMember: Int, CaseIterable, Sendable {
    // One byte each (0x06...0x1E).
    case originalTransactionId, transactionId, webOrderLineItemId, bundleId, productId, subscriptionGroupIdentifier,
        purchaseDate, originalPurchaseDate, expiresDate, quantity, type, inAppOwnershipType, environment, storefront,
        storefrontId, transactionReason, currency, price, appTransactionId, signedDate, autoRenewProductId,
        autoRenewStatus, isInBillingRetryPeriod, recentSubscriptionStartDate, renewalDate
    // Two bytes each (0x1F, 0x80 + i).
    case renewalPrice, notificationType, notificationUUID, data, bundleVersion, signedTransactionInfo,
        signedRenewalInfo, status, version, subtype, appAppleId, appAccountToken, revocationReason, revocationDate,
        isUpgraded, offerType, offerIdentifier, offerDiscountType, offerPeriod, revocationType, revocationPercentage,
        advancedCommerceInfo, billingPlanType, commitmentInfo, deviceVerification, deviceVerificationNonce,
        expirationIntent, priceIncreaseStatus, gracePeriodExpiresDate, eligibleWinBackOfferIds,
        renewalBillingPlanType, consumptionRequestReason, summary, externalPurchaseToken, appData, requestIdentifier,
        storefrontCountryCodes, succeededCount, failedCount

    /// The name, as JSON spells it: a constant, so writing it copies static bytes with no reference counting.
    var name: StaticString {
        switch self {
        case .originalTransactionId: "originalTransactionId"
        case .transactionId: "transactionId"
        case .webOrderLineItemId: "webOrderLineItemId"
        case .bundleId: "bundleId"
        case .productId: "productId"
        case .subscriptionGroupIdentifier: "subscriptionGroupIdentifier"
        case .purchaseDate: "purchaseDate"
        case .originalPurchaseDate: "originalPurchaseDate"
        case .expiresDate: "expiresDate"
        case .quantity: "quantity"
        case .type: "type"
        case .inAppOwnershipType: "inAppOwnershipType"
        case .environment: "environment"
        case .storefront: "storefront"
        case .storefrontId: "storefrontId"
        case .transactionReason: "transactionReason"
        case .currency: "currency"
        case .price: "price"
        case .appTransactionId: "appTransactionId"
        case .signedDate: "signedDate"
        case .autoRenewProductId: "autoRenewProductId"
        case .autoRenewStatus: "autoRenewStatus"
        case .isInBillingRetryPeriod: "isInBillingRetryPeriod"
        case .recentSubscriptionStartDate: "recentSubscriptionStartDate"
        case .renewalDate: "renewalDate"
        case .renewalPrice: "renewalPrice"
        case .notificationType: "notificationType"
        case .notificationUUID: "notificationUUID"
        case .data: "data"
        case .bundleVersion: "bundleVersion"
        case .signedTransactionInfo: "signedTransactionInfo"
        case .signedRenewalInfo: "signedRenewalInfo"
        case .status: "status"
        case .version: "version"
        case .subtype: "subtype"
        case .appAppleId: "appAppleId"
        case .appAccountToken: "appAccountToken"
        case .revocationReason: "revocationReason"
        case .revocationDate: "revocationDate"
        case .isUpgraded: "isUpgraded"
        case .offerType: "offerType"
        case .offerIdentifier: "offerIdentifier"
        case .offerDiscountType: "offerDiscountType"
        case .offerPeriod: "offerPeriod"
        case .revocationType: "revocationType"
        case .revocationPercentage: "revocationPercentage"
        case .advancedCommerceInfo: "advancedCommerceInfo"
        case .billingPlanType: "billingPlanType"
        case .commitmentInfo: "commitmentInfo"
        case .deviceVerification: "deviceVerification"
        case .deviceVerificationNonce: "deviceVerificationNonce"
        case .expirationIntent: "expirationIntent"
        case .priceIncreaseStatus: "priceIncreaseStatus"
        case .gracePeriodExpiresDate: "gracePeriodExpiresDate"
        case .eligibleWinBackOfferIds: "eligibleWinBackOfferIds"
        case .renewalBillingPlanType: "renewalBillingPlanType"
        case .consumptionRequestReason: "consumptionRequestReason"
        case .summary: "summary"
        case .externalPurchaseToken: "externalPurchaseToken"
        case .appData: "appData"
        case .requestIdentifier: "requestIdentifier"
        case .storefrontCountryCodes: "storefrontCountryCodes"
        case .succeededCount: "succeededCount"
        case .failedCount: "failedCount"
        }
    }

    /// The code's first byte, and its second or 0.
    var code: (UInt8, UInt8) {
        rawValue < StoredMemberNames.oneByteCount
            ? (StoredMemberNames.firstCode + UInt8(rawValue), 0)
            : (StoredMemberNames.extendedCode,
               StoredMemberNames.firstExtendedIndex + UInt8(rawValue - StoredMemberNames.oneByteCount))
    }
}
