/// Something that happens to one subscription chain. ``SubscriptionLifecycle/handle(_:in:identifiers:)`` turns
/// it into a new state and a list of ``LifecycleAction``s.
///
/// Events that change a stored transaction in place carry its current version, so the lifecycle stays pure.
public enum LifecycleEvent: Hashable, Sendable {
    /// The customer buys a product of the chain's group: a resubscription, an upgrade or crossgrade, a
    /// downgrade, an offer redemption, or the current product again.
    case purchase(SubscriptionPurchase)
    /// The customer picks the product to renew to in Manage Subscriptions (no offer, no resubscription).
    case changeRenewalProduct(productId: String, latestTransaction: JWSTransactionDecodedPayload)
    /// The chain's due event came.
    case dueEventFired(LifecycleDueEvent.Kind)
    /// The customer turned auto-renew on or off.
    case setAutoRenew(Bool)
    /// Whether the next renewal fails for billing reasons (the payment method stops working, or starts again).
    case setBillingIssue(Bool)
    /// Billing succeeded again: recovery from grace or retry, or a scheduled failure called off.
    case resolveBillingIssue
    /// The App Store refunded one of the chain's transactions.
    case refund(RefundDetails)
    /// The App Store declined a refund the customer asked for in the app.
    case declineRefund(JWSTransactionDecodedPayload)
    /// The App Store reversed an earlier refund.
    case reverseRefund(JWSTransactionDecodedPayload)
    /// The customer asked for a refund in the app: auto-renew goes off, then a consumption request follows.
    case requestRefund(JWSTransactionDecodedPayload, reason: ConsumptionRequestReason)
    /// The App Store asks the developer for consumption information about a transaction.
    case consumptionRequest(JWSTransactionDecodedPayload, reason: ConsumptionRequestReason)
    /// The price of the renewing product rises to `newPriceMilliunits`, with or without the customer's consent.
    case priceIncrease(newPriceMilliunits: Int64, requiresConsent: Bool)
    /// The customer answered a price increase that needs consent.
    case respondToPriceIncrease(accepted: Bool)
    /// The developer extended the renewal date.
    case extendRenewalDate(RenewalDateExtension)
    /// StoreKit Testing's `expireSubscription`: auto-renew off and the period ends now.
    case expireNow(latestTransaction: JWSTransactionDecodedPayload)
    /// StoreKit Testing's `forceRenewalOfSubscription`: the period ends now and the next one starts.
    case forceRenewal(latestTransaction: JWSTransactionDecodedPayload)
    /// The developer set the app account token (not allowed for family-shared chains).
    case setAppAccountToken(String?, latestTransaction: JWSTransactionDecodedPayload)
    /// A family member's chain follows what its purchaser's chain just did.
    case familyMirror(FamilyMirror)
    /// A family member lost access (sharing stopped, someone left the family, or the purchaser was refunded).
    case familyRevoke(reason: RevocationReason, latestTransaction: JWSTransactionDecodedPayload)
    /// A family member whose access had ended gains it again from the purchaser's active chain.
    case familyRegrant(purchaser: SubscriptionLifecycle, purchaserTransaction: JWSTransactionDecodedPayload)
}
