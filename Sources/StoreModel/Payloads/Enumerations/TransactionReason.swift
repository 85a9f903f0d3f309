/// Whether a transaction is a customer's purchase or an automatic renewal.
///
/// Wire values (strings): `PURCHASE`, `RENEWAL`.
public struct TransactionReason: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer initiated the purchase (`PURCHASE`).
    public static let purchase = TransactionReason(rawValue: "PURCHASE")
    /// The App Store renewed an auto-renewable subscription (`RENEWAL`).
    public static let renewal = TransactionReason(rawValue: "RENEWAL")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [TransactionReason] = [.purchase, .renewal]
}
