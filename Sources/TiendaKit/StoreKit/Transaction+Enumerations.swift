extension Transaction {
    /// Whether the customer bought the product or has it through Family Sharing (`Transaction.OwnershipType`).
    public struct OwnershipType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value (`PURCHASED`, `FAMILY_SHARED`).
        public let rawValue: String
        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Bought by this customer.
        public static let purchased = OwnershipType(rawValue: "PURCHASED")
        /// Shared by a family member.
        public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")
        /// The raw value.
        public var description: String { rawValue }
    }

    /// Why the App Store refunded or revoked a transaction (`Transaction.RevocationReason`).
    public struct RevocationReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value (0 other, 1 developer issue).
        public let rawValue: Int
        /// Creates a value from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Refunded because of a problem in the app.
        public static let developerIssue = RevocationReason(rawValue: 1)
        /// Refunded or revoked for another reason.
        public static let other = RevocationReason(rawValue: 0)
        /// `developerIssue` or `other`.
        public var description: String { rawValue == 1 ? "developerIssue" : "other" }
    }

    /// Why a transaction exists (`Transaction.Reason`).
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value (`PURCHASE`, `RENEWAL`).
        public let rawValue: String
        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The customer bought (or upgraded, crossgraded, redeemed an offer).
        public static let purchase = Reason(rawValue: "PURCHASE")
        /// The App Store renewed a subscription.
        public static let renewal = Reason(rawValue: "RENEWAL")
        /// The raw value.
        public var description: String { rawValue }
    }

    /// The kind of offer applied to a transaction (`Transaction.OfferType`).
    public struct OfferType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The server's raw value (1 introductory, 2 promotional, 3 code, 4 win-back).
        public let rawValue: Int
        /// Creates a value from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// An introductory offer.
        public static let introductory = OfferType(rawValue: 1)
        /// A promotional offer.
        public static let promotional = OfferType(rawValue: 2)
        /// An offer code.
        public static let code = OfferType(rawValue: 3)
        /// A win-back offer.
        public static let winBack = OfferType(rawValue: 4)
        /// The offer kind's name.
        public var description: String {
            switch rawValue {
            case 1: "introductory"
            case 2: "promotional"
            case 3: "code"
            case 4: "winBack"
            default: "offerType(\(rawValue))"
            }
        }
    }
}
