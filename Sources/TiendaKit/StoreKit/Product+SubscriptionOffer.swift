import Foundation

extension Product {
    /// An introductory, promotional or win-back offer of a subscription (`Product.SubscriptionOffer`).
    public struct SubscriptionOffer: Hashable, Sendable {
        /// The offer identifier; `nil` for introductory offers.
        public let id: String?
        /// Introductory, promotional or win-back.
        public let type: OfferType
        /// The price per payment in the storefront's currency (0 for a free trial).
        public let price: Decimal
        /// ``price`` formatted like the product's `displayPrice`.
        public let displayPrice: String
        /// The offer's period.
        public let period: SubscriptionPeriod
        /// How many periods the offer lasts.
        public let periodCount: Int
        /// Free trial, pay as you go or pay up front.
        public let paymentMode: PaymentMode

        /// Creates an offer.
        public init(
            id: String?, type: OfferType, price: Decimal, displayPrice: String, period: SubscriptionPeriod,
            periodCount: Int, paymentMode: PaymentMode
        ) {
            self.id = id
            self.type = type
            self.price = price
            self.displayPrice = displayPrice
            self.period = period
            self.periodCount = periodCount
            self.paymentMode = paymentMode
        }
    }
}

extension Product.SubscriptionOffer {
    /// The kind of a subscription offer (`Product.SubscriptionOffer.OfferType`).
    public struct OfferType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value.
        public let rawValue: String

        /// Creates a type from its raw value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// For customers new to the subscription group.
        public static let introductory = OfferType(rawValue: "introductory")
        /// A promotional offer the app presents with a signature.
        public static let promotional = OfferType(rawValue: "promotional")
        /// A win-back offer for lapsed subscribers.
        public static let winBack = OfferType(rawValue: "winBack")

        /// The raw value.
        public var description: String { rawValue }
    }

    /// How an offer is paid (`Product.SubscriptionOffer.PaymentMode`).
    public struct PaymentMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value.
        public let rawValue: String

        /// Creates a mode from its raw value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Nothing to pay during the offer.
        public static let freeTrial = PaymentMode(rawValue: "freeTrial")
        /// The discounted price each period.
        public static let payAsYouGo = PaymentMode(rawValue: "payAsYouGo")
        /// One payment for the whole offer.
        public static let payUpFront = PaymentMode(rawValue: "payUpFront")

        /// The raw value.
        public var description: String { rawValue }
    }
}
