/// A purchase of a subscription in the chain's group.
public struct SubscriptionPurchase: Hashable, Sendable {
    /// The product bought.
    public var productId: String
    /// `appAccountToken`, lowercase, when the app passed one.
    public var appAccountToken: String?
    /// The offer asked for, after any signature was checked.
    public var offer: RequestedOffer?
    /// An override of introductory-offer eligibility (from a signed eligibility JWS); `nil` lets the group's
    /// history decide.
    public var introductoryOfferEligibility: Bool?
    /// The chain's latest transaction; needed when an upgrade marks it `isUpgraded`.
    public var latestTransaction: JWSTransactionDecodedPayload?

    /// Creates a purchase.
    public init(
        productId: String, appAccountToken: String? = nil, offer: RequestedOffer? = nil,
        introductoryOfferEligibility: Bool? = nil, latestTransaction: JWSTransactionDecodedPayload? = nil
    ) {
        self.productId = productId
        self.appAccountToken = appAccountToken
        self.offer = offer
        self.introductoryOfferEligibility = introductoryOfferEligibility
        self.latestTransaction = latestTransaction
    }
}
