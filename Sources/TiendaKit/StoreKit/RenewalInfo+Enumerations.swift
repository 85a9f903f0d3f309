import StoreModel

extension Product.SubscriptionInfo.RenewalInfo {
    /// Why a subscription expired (`RenewalInfo.ExpirationReason`).
    public struct ExpirationReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The server's `expirationIntent` (1 cancelled, 2 billing, 3 price increase, 4 unavailable, 5 other).
        public let rawValue: Int
        /// Creates a value from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The customer turned auto-renew off.
        public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
        /// Billing failed and retrying ran out.
        public static let billingError = ExpirationReason(rawValue: 2)
        /// The customer did not agree to a price increase.
        public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
        /// The product was not for sale at renewal.
        public static let productUnavailable = ExpirationReason(rawValue: 4)
        /// Another reason.
        public static let unknown = ExpirationReason(rawValue: 5)

        /// The reason for a server intent.
        init(intent: ExpirationIntent) { self.init(rawValue: Int(intent.rawValue)) }
        /// The server intent.
        var intent: ExpirationIntent { ExpirationIntent(rawValue: Int32(rawValue)) }

        /// The reason's name.
        public var description: String {
            switch rawValue {
            case 1: "autoRenewDisabled"
            case 2: "billingError"
            case 3: "didNotConsentToPriceIncrease"
            case 4: "productUnavailable"
            default: "unknown"
            }
        }
    }

    /// Where the customer stands on a price increase (`RenewalInfo.PriceIncreaseStatus`).
    public enum PriceIncreaseStatus: Hashable, Sendable, CaseIterable {
        /// No increase is pending.
        case noIncreasePending
        /// An increase that needs consent awaits the customer.
        case pending
        /// The customer agreed (or the increase needed no consent).
        case agreed

        /// The status for the server field.
        init(_ status: StoreModel.PriceIncreaseStatus?) {
            switch PriceIncreaseState(status) {
            case .noIncreasePending: self = .noIncreasePending
            case .pending: self = .pending
            case .agreed: self = .agreed
            }
        }

        /// The server field.
        var payloadStatus: StoreModel.PriceIncreaseStatus? {
            switch self {
            case .noIncreasePending: PriceIncreaseState.noIncreasePending.status
            case .pending: PriceIncreaseState.pending.status
            case .agreed: PriceIncreaseState.agreed.status
            }
        }
    }
}
