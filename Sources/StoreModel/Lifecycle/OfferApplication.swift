/// An offer as it applies to a subscription's billing periods: which offer, what it charges, how long each
/// offer period lasts and how many are left.
///
/// Each offer period is one transaction: a free trial of `P2W` is one two-week transaction at price 0; pay as
/// you go `P1M` × 3 is three monthly transactions at the offer price; pay up front `P3M` is one three-month
/// transaction at the offer price. After the last offer period the subscription renews at the regular price.
public struct OfferApplication: Hashable, Sendable, Codable {
    /// `offerType`: introductory, promotional, offer code or win-back.
    public var type: OfferType
    /// `offerIdentifier`: the promotional or win-back offer ID, or the offer code's reference name; `nil` for
    /// introductory offers.
    public var identifier: String?
    /// `offerDiscountType`: free trial, pay as you go or pay up front.
    public var discountType: OfferDiscountType
    /// The length of one offer period (one transaction).
    public var period: SubscriptionPeriod
    /// The price of one offer period in milliunits (0 for a free trial).
    public var priceMilliunits: Int64
    /// How many offer periods the offer has in all.
    public var totalPeriods: Int
    /// How many offer periods are left, counting the one this value describes.
    public var remainingPeriods: Int
    /// The product the offer belongs to.
    public var productId: String

    /// Creates an offer application.
    public init(
        type: OfferType, identifier: String?, discountType: OfferDiscountType, period: SubscriptionPeriod,
        priceMilliunits: Int64, totalPeriods: Int, remainingPeriods: Int, productId: String
    ) {
        self.type = type
        self.identifier = identifier
        self.discountType = discountType
        self.period = period
        self.priceMilliunits = priceMilliunits
        self.totalPeriods = totalPeriods
        self.remainingPeriods = remainingPeriods
        self.productId = productId
    }

    /// The application of a catalog offer from its first period.
    /// - Returns: `nil` when a paid offer has no valid price.
    public init?(
        _ offer: some SubscriptionOffer, type: OfferType, identifier: String?, productId: String
    ) {
        guard let price = offer.priceMilliunits else { return nil }
        let count = offer.paymentMode == .payUpFront ? 1 : max(offer.numberOfPeriods, 1)
        self.init(
            type: type, identifier: identifier, discountType: OfferDiscountType(offer.paymentMode),
            period: offer.subscriptionPeriod, priceMilliunits: price, totalPeriods: count, remainingPeriods: count,
            productId: productId)
    }

    /// `offerPeriod`: the ISO 8601 duration of the whole offer (`P1M` × 3 → `P3M`).
    public var offerPeriod: String {
        SubscriptionPeriod(value: period.value * totalPeriods, unit: period.unit).iso8601
    }

    /// The same offer one period later, or `nil` when this was its last period.
    public var following: OfferApplication? {
        guard remainingPeriods > 1 else { return nil }
        var next = self
        next.remainingPeriods -= 1
        return next
    }
}

extension OfferDiscountType {
    /// The discount type for a `.storekit` payment mode.
    public init(_ mode: OfferPaymentMode) {
        switch mode {
        case .free: self = .freeTrial
        case .payAsYouGo: self = .payAsYouGo
        case .payUpFront: self = .payUpFront
        }
    }
}
