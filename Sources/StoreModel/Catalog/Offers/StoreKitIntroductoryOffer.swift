/// An introductory offer (`introductoryOffer`, or an element of `introductoryOffers[]` in format 5.0):
/// a free trial or discounted first periods for customers new to the subscription group.
public struct StoreKitIntroductoryOffer: SubscriptionOffer {
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

    /// Creates an introductory offer.
    public init(
        internalID: String = "", paymentMode: OfferPaymentMode, subscriptionPeriod: SubscriptionPeriod,
        numberOfPeriods: Int = 1, displayPrice: DisplayPrice? = nil, billingPlanType: BillingPlanType? = nil
    ) {
        self.internalID = internalID
        self.paymentMode = paymentMode
        self.subscriptionPeriod = subscriptionPeriod
        self.numberOfPeriods = numberOfPeriods
        self.displayPrice = displayPrice
        self.billingPlanType = billingPlanType
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitIntroductoryOffer {
        let terms = try OfferTerms.read(object)
        return StoreKitIntroductoryOffer(
            internalID: terms.internalID, paymentMode: terms.paymentMode, subscriptionPeriod: terms.subscriptionPeriod,
            numberOfPeriods: terms.numberOfPeriods, displayPrice: terms.displayPrice,
            billingPlanType: terms.billingPlanType)
    }
}
