extension Product {
    /// The kind of an in-app purchase (`Product.ProductType`).
    public struct ProductType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// StoreKit's raw value (`"Consumable"`, `"Non-Consumable"`, `"Non-Renewable"`, `"Auto-Renewable"`).
        public let rawValue: String

        /// Creates a type from its raw value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Used once and bought again (coins, lives).
        public static let consumable = ProductType(rawValue: "Consumable")
        /// Bought once, owned forever (lifetime Pro, a theme).
        public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
        /// A subscription for a fixed time that does not renew (a season pass).
        public static let nonRenewable = ProductType(rawValue: "Non-Renewable")
        /// A subscription that renews until cancelled.
        public static let autoRenewable = ProductType(rawValue: "Auto-Renewable")

        /// The raw value.
        public var description: String { rawValue }
    }
}
