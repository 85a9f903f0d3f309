/// Why a subscription expired.
///
/// Wire values (integers): `1`, `2`, `3`, `4`, `5`.
public struct ExpirationIntent: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The customer cancelled the subscription (`1`).
    public static let customerCancelled = ExpirationIntent(rawValue: 1)
    /// A billing error, such as an invalid payment method (`2`).
    public static let billingError = ExpirationIntent(rawValue: 2)
    /// The customer did not consent to a price increase (`3`).
    public static let customerDidNotConsentToPriceIncrease = ExpirationIntent(rawValue: 3)
    /// The product was not available for purchase at renewal (`4`).
    public static let productNotAvailable = ExpirationIntent(rawValue: 4)
    /// Another reason (`5`).
    public static let other = ExpirationIntent(rawValue: 5)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [ExpirationIntent] = [
        .customerCancelled, .billingError, .customerDidNotConsentToPriceIncrease, .productNotAvailable, .other
    ]
}
