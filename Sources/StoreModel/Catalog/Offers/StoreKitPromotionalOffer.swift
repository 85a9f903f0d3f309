/// A promotional offer (`adHocOffers[]`), redeemed with a signed `Product.PurchaseOption.promotionalOffer`
/// (or `.promotionalOffer(id:)` in StoreKit Testing) naming ``offerID``.
public struct StoreKitPromotionalOffer: SubscriptionOffer {
    /// `offerID`: the identifier the app passes when purchasing ("" when missing).
    public var offerID: String
    /// `referenceName` ("" when missing).
    public var referenceName: String
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

    /// Creates a promotional offer.
    public init(
        offerID: String, referenceName: String = "", internalID: String = "", paymentMode: OfferPaymentMode,
        subscriptionPeriod: SubscriptionPeriod, numberOfPeriods: Int = 1, displayPrice: DisplayPrice? = nil,
        billingPlanType: BillingPlanType? = nil
    ) {
        self.offerID = offerID
        self.referenceName = referenceName
        self.internalID = internalID
        self.paymentMode = paymentMode
        self.subscriptionPeriod = subscriptionPeriod
        self.numberOfPeriods = numberOfPeriods
        self.displayPrice = displayPrice
        self.billingPlanType = billingPlanType
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitPromotionalOffer {
        let terms = try OfferTerms.read(object)
        return StoreKitPromotionalOffer(
            offerID: try object.string("offerID") ?? "", referenceName: try object.string("referenceName") ?? "",
            internalID: terms.internalID, paymentMode: terms.paymentMode, subscriptionPeriod: terms.subscriptionPeriod,
            numberOfPeriods: terms.numberOfPeriods, displayPrice: terms.displayPrice,
            billingPlanType: terms.billingPlanType)
    }
}
