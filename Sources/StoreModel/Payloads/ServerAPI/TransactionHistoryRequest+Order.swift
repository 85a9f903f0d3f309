extension TransactionHistoryRequest {
    /// The sort order of Get Transaction History (query parameter `sort`).
    ///
    /// Wire values (strings): `ASCENDING`, `DESCENDING`.
    public struct Order: OpenEnumeration {
        /// The value as it appears in JSON.
        public let rawValue: String
        /// Creates a value from its wire representation, known or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Oldest modification first (`ASCENDING`).
        public static let ascending = Order(rawValue: "ASCENDING")
        /// Newest modification first (`DESCENDING`).
        public static let descending = Order(rawValue: "DESCENDING")

        /// Every value Apple documents, in documentation order.
        public static let knownValues: [Order] = [.ascending, .descending]
    }
}
