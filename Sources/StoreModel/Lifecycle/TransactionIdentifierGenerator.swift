/// Hands out Apple-shaped numeric identifiers from counters the engine persists: transaction IDs start at
/// 2000000000000001 like Apple's sandbox, web order line item IDs in a range of their own.
///
/// A value type, passed `inout` to the lifecycle so that tests need no storage and the engine can persist the
/// counters in the same storage transaction as the transactions that used them.
public struct TransactionIdentifierGenerator: Hashable, Sendable, Codable {
    /// The first transaction ID of a fresh store.
    public static let firstTransactionId: Int64 = 2_000_000_000_000_001
    /// The first web order line item ID of a fresh store.
    public static let firstWebOrderLineItemId: Int64 = 2_000_000_500_000_001

    /// The next transaction ID to hand out.
    public var nextTransactionId: Int64
    /// The next web order line item ID to hand out.
    public var nextWebOrderLineItemId: Int64

    /// Creates a generator (by default at the first identifiers of a fresh store).
    public init(
        nextTransactionId: Int64 = Self.firstTransactionId,
        nextWebOrderLineItemId: Int64 = Self.firstWebOrderLineItemId
    ) {
        self.nextTransactionId = nextTransactionId
        self.nextWebOrderLineItemId = nextWebOrderLineItemId
    }

    /// A new transaction ID.
    public mutating func makeTransactionId() -> String {
        defer { nextTransactionId += 1 }
        return DecimalDigits.string(nextTransactionId)
    }

    /// A new web order line item ID (one per subscription billing period).
    public mutating func makeWebOrderLineItemId() -> String {
        defer { nextWebOrderLineItemId += 1 }
        return DecimalDigits.string(nextWebOrderLineItemId)
    }
}

/// Helpers for Apple's numeric identifier strings.
public enum TransactionIdentifier {
    /// Whether numeric identifier `lhs` sorts before `rhs` (shorter first, then digit by digit), so that
    /// `"999" < "1000"`.
    public static func isOrdered(_ lhs: String, before rhs: String) -> Bool {
        if lhs.utf8.count != rhs.utf8.count { return lhs.utf8.count < rhs.utf8.count }
        return lhs < rhs
    }
}
