import StoreModel

extension Transaction {
    /// The offer a transaction or renewal uses (`Transaction.Offer`).
    public struct Offer: Hashable, Sendable {
        /// Introductory, promotional, code or win-back.
        public let type: OfferType
        /// The offer identifier (`nil` for introductory offers).
        public let id: String?
        /// How the offer is paid.
        public let paymentMode: PaymentMode?
        /// The offer's duration.
        public let period: Product.SubscriptionPeriod?

        /// Creates an offer.
        public init(type: OfferType, id: String?, paymentMode: PaymentMode?, period: Product.SubscriptionPeriod? = nil) {
            self.type = type
            self.id = id
            self.paymentMode = paymentMode
            self.period = period
        }

        /// How an offer is paid (`Transaction.Offer.PaymentMode`).
        public struct PaymentMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
            /// The server's raw value (`FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT`, `ONE_TIME`).
            public let rawValue: String
            /// Creates a value from its raw value.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// A free trial.
            public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
            /// A discounted price each period.
            public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
            /// One payment for the whole offer.
            public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")
            /// A one-time discount on a one-time purchase.
            public static let oneTime = PaymentMode(rawValue: "ONE_TIME")
            /// The raw value.
            public var description: String { rawValue }

            /// The server field.
            var payloadType: OfferDiscountType { OfferDiscountType(rawValue: rawValue) }
        }

        /// The offer of a payload's `offerType`, `offerIdentifier`, `offerDiscountType` and `offerPeriod`.
        init?(_ payload: JWSTransactionDecodedPayload) {
            self.init(
                offerType: payload.offerType, id: payload.offerIdentifier, discount: payload.offerDiscountType,
                period: payload.offerPeriod)
        }

        /// The offer from the server's offer fields; `nil` without an offer type.
        init?(offerType: StoreModel.OfferType?, id: String?, discount: OfferDiscountType?, period: String?) {
            guard let offerType else { return nil }
            self.init(
                type: OfferType(rawValue: Int(offerType.rawValue)), id: id,
                paymentMode: discount.map { PaymentMode(rawValue: $0.rawValue) },
                period: period.flatMap(StoreModel.SubscriptionPeriod.init(iso8601:)).map(Product.SubscriptionPeriod.init))
        }
    }
}

extension Transaction.OfferType {
    /// The server field.
    var payloadType: StoreModel.OfferType { StoreModel.OfferType(rawValue: Int32(rawValue)) }
}

extension Product.SubscriptionPeriod {
    /// The period of a catalog or payload period.
    init(_ period: StoreModel.SubscriptionPeriod) {
        let unit: Unit = switch period.unit {
        case .day: .day
        case .week: .week
        case .month: .month
        case .year: .year
        }
        self.init(value: period.value, unit: unit)
    }

    /// The ISO 8601 form: `P1M`.
    var iso8601: String {
        let letter = switch unit {
        case .day: "D"
        case .week: "W"
        case .month: "M"
        case .year: "Y"
        }
        return "P\(value)\(letter)"
    }
}

extension Product.ProductType {
    /// The type of a payload's `type`.
    init(_ type: StoreModel.ProductType?) {
        switch type {
        case .consumable?: self = .consumable
        case .nonConsumable?: self = .nonConsumable
        case .nonRenewable?: self = .nonRenewable
        case .autoRenewable?: self = .autoRenewable
        default: self.init(rawValue: type?.rawValue ?? "")
        }
    }

    /// The payload's `type`.
    var payloadType: StoreModel.ProductType {
        switch self {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewable: .nonRenewable
        case .autoRenewable: .autoRenewable
        default: StoreModel.ProductType(rawValue: rawValue)
        }
    }
}
