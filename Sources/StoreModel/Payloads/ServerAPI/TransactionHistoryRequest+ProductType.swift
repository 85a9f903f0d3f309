extension TransactionHistoryRequest {
    /// A product type filter of Get Transaction History (query parameter `productType`).
    ///
    /// Wire values (strings): `AUTO_RENEWABLE`, `NON_RENEWABLE`, `CONSUMABLE`, `NON_CONSUMABLE`.
    public struct ProductType: OpenEnumeration {
        /// The value as it appears in JSON.
        public let rawValue: String
        /// Creates a value from its wire representation, known or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Auto-renewable subscriptions (`AUTO_RENEWABLE`).
        public static let autoRenewable = ProductType(rawValue: "AUTO_RENEWABLE")
        /// Non-renewing subscriptions (`NON_RENEWABLE`).
        public static let nonRenewable = ProductType(rawValue: "NON_RENEWABLE")
        /// Consumables (`CONSUMABLE`).
        public static let consumable = ProductType(rawValue: "CONSUMABLE")
        /// Non-consumables (`NON_CONSUMABLE`).
        public static let nonConsumable = ProductType(rawValue: "NON_CONSUMABLE")

        /// Every value Apple documents, in documentation order.
        public static let knownValues: [ProductType] = [.autoRenewable, .nonRenewable, .consumable, .nonConsumable]
    }
}
