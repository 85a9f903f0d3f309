/// What every subscription offer in a `.storekit` file has: introductory offers, promotional offers
/// (`adHocOffers`), offer codes (`codeOffers`) and win-back offers (`winbackOffers`).
///
/// StoreKit 2 maps it to `Product.SubscriptionOffer(paymentMode:, period: subscriptionPeriod,
/// periodCount: numberOfPeriods, price: displayPrice ?? 0)`.
public protocol SubscriptionOffer: Hashable, Sendable {
    /// `internalID`.
    var internalID: String { get }
    /// `paymentMode`.
    var paymentMode: OfferPaymentMode { get }
    /// `subscriptionPeriod`: the offer's period (for pay up front, the whole span the payment covers).
    var subscriptionPeriod: SubscriptionPeriod { get }
    /// `numberOfPeriods`, 1 when missing.
    var numberOfPeriods: Int { get }
    /// `displayPrice`: per period (pay as you go) or once (pay up front); usually missing for free offers.
    var displayPrice: DisplayPrice? { get }
    /// `billingPlanType` (format 5.0), when present.
    var billingPlanType: BillingPlanType? { get }
}

extension SubscriptionOffer {
    /// The price charged per payment in milliunits: 0 for free offers; `nil` when a paid offer has no valid price.
    public var priceMilliunits: Int64? {
        paymentMode == .free ? 0 : displayPrice?.milliunits
    }
}

/// The keys all offers share, read once for each offer type.
struct OfferTerms {
    var internalID: String
    var paymentMode: OfferPaymentMode
    var subscriptionPeriod: SubscriptionPeriod
    var numberOfPeriods: Int
    var displayPrice: DisplayPrice?
    var billingPlanType: BillingPlanType?

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> OfferTerms {
        let allowedModes = OfferPaymentMode.allCases.map(\.rawValue)
        let modeNode = try object.required("paymentMode", expected: "one of " + allowedModes.joined(separator: ", "))
        let modeText = try modeNode.string()
        guard let paymentMode = OfferPaymentMode(rawValue: modeText) else {
            throw object.context.error(at: modeNode.path, .notOneOf(modeText, allowed: allowedModes))
        }
        var numberOfPeriods = 1
        if let countNode = object.child("numberOfPeriods") {
            numberOfPeriods = try countNode.int()
            if numberOfPeriods < 1 {
                object.context.warn(at: countNode.path, "\(numberOfPeriods) is not a number of periods; using 1")
                numberOfPeriods = 1
            }
        }
        return OfferTerms(
            internalID: try object.string("internalID") ?? "",
            paymentMode: paymentMode,
            subscriptionPeriod: try SubscriptionPeriod.readRequired("subscriptionPeriod", in: object),
            numberOfPeriods: numberOfPeriods,
            displayPrice: try DisplayPrice.read("displayPrice", in: object),
            billingPlanType: try object.string("billingPlanType").map(BillingPlanType.init(rawValue:)))
    }
}
