/// Whether the customer bought the purchase or has access to it through Family Sharing.
///
/// Wire values (strings): `FAMILY_SHARED`, `PURCHASED`.
public struct InAppOwnershipType: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A family member has access through Family Sharing (`FAMILY_SHARED`).
    public static let familyShared = InAppOwnershipType(rawValue: "FAMILY_SHARED")
    /// The customer bought the purchase (`PURCHASED`).
    public static let purchased = InAppOwnershipType(rawValue: "PURCHASED")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [InAppOwnershipType] = [.familyShared, .purchased]
}
