/// A win-back offer for lapsed subscribers (`winbackOffers[]`, format 4.0+), purchased with
/// `Product.PurchaseOption.winBackOffer(_:)`.
public struct StoreKitWinBackOffer: SubscriptionOffer {
    /// `offerID` ("" when missing).
    public var offerID: String
    /// `referenceName` ("" when missing).
    public var referenceName: String
    /// `isEligible`: the local switch that makes the test customer eligible, standing in for App Store
    /// Connect's eligibility rules (false when missing).
    public var isEligible: Bool
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

    /// Creates a win-back offer.
    public init(
        offerID: String, referenceName: String = "", isEligible: Bool = false, internalID: String = "",
        paymentMode: OfferPaymentMode, subscriptionPeriod: SubscriptionPeriod, numberOfPeriods: Int = 1,
        displayPrice: DisplayPrice? = nil, billingPlanType: BillingPlanType? = nil
    ) {
        self.offerID = offerID
        self.referenceName = referenceName
        self.isEligible = isEligible
        self.internalID = internalID
        self.paymentMode = paymentMode
        self.subscriptionPeriod = subscriptionPeriod
        self.numberOfPeriods = numberOfPeriods
        self.displayPrice = displayPrice
        self.billingPlanType = billingPlanType
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitWinBackOffer {
        let terms = try OfferTerms.read(object)
        return StoreKitWinBackOffer(
            offerID: try object.string("offerID") ?? "", referenceName: try object.string("referenceName") ?? "",
            isEligible: try object.bool("isEligible") ?? false,
            internalID: terms.internalID, paymentMode: terms.paymentMode, subscriptionPeriod: terms.subscriptionPeriod,
            numberOfPeriods: terms.numberOfPeriods, displayPrice: terms.displayPrice,
            billingPlanType: terms.billingPlanType)
    }
}
