/// An offer code (`codeOffers[]`, format 1.2+). StoreKit Testing's `.codeOffer(referenceName:)` matches
/// ``referenceName``.
public struct StoreKitOfferCode: SubscriptionOffer {
    /// `referenceName`: the name codes are redeemed by in local testing ("" when missing).
    public var referenceName: String
    /// `eligibility`: which customers may redeem it (empty when missing).
    public var eligibility: [OfferCodeEligibility]
    /// `isStackable`: whether it can be combined with an introductory offer (false when missing).
    public var isStackable: Bool
    /// `internalID` ("" when missing).
    public var internalID: String
    /// `paymentMode`.
    public var paymentMode: OfferPaymentMode
    /// `subscriptionPeriod`: the offer's period.
    public var subscriptionPeriod: SubscriptionPeriod
    /// `numberOfPeriods` (1 when missing).
    public var numberOfPeriods: Int
    /// `displayPrice` (`nil` when missing, as for most free offers).
    public var displayPrice: DisplayPrice?
    /// `billingPlanType` (format 5.0), when present.
    public var billingPlanType: BillingPlanType?

    /// Creates an offer code.
    public init(
        referenceName: String, eligibility: [OfferCodeEligibility] = [], isStackable: Bool = false,
        internalID: String = "", paymentMode: OfferPaymentMode, subscriptionPeriod: SubscriptionPeriod,
        numberOfPeriods: Int = 1, displayPrice: DisplayPrice? = nil, billingPlanType: BillingPlanType? = nil
    ) {
        self.referenceName = referenceName
        self.eligibility = eligibility
        self.isStackable = isStackable
        self.internalID = internalID
        self.paymentMode = paymentMode
        self.subscriptionPeriod = subscriptionPeriod
        self.numberOfPeriods = numberOfPeriods
        self.displayPrice = displayPrice
        self.billingPlanType = billingPlanType
    }

    /// Whether customers in `group` may redeem the code.
    public func isRedeemable(by group: OfferCodeEligibility) -> Bool { eligibility.contains(group) }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitOfferCode {
        let terms = try OfferTerms.read(object)
        var eligibility: [OfferCodeEligibility] = []
        for node in try object.array("eligibility") {
            eligibility.append(OfferCodeEligibility(rawValue: try node.string()))
        }
        return StoreKitOfferCode(
            referenceName: try object.string("referenceName") ?? "", eligibility: eligibility,
            isStackable: try object.bool("isStackable") ?? false,
            internalID: terms.internalID, paymentMode: terms.paymentMode, subscriptionPeriod: terms.subscriptionPeriod,
            numberOfPeriods: terms.numberOfPeriods, displayPrice: terms.displayPrice,
            billingPlanType: terms.billingPlanType)
    }
}
