/// Where the customer stands on a subscription price increase.
///
/// Wire values (integers): `0`, `1`.
public struct PriceIncreaseStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The customer has not responded to a price increase that needs consent (`0`).
    public static let customerHasNotResponded = PriceIncreaseStatus(rawValue: 0)
    /// The customer consented, or was notified of an increase that needs no consent (`1`).
    public static let customerConsentedOrWasNotifiedWithoutNeedingConsent = PriceIncreaseStatus(rawValue: 1)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [PriceIncreaseStatus] = [
        .customerHasNotResponded, .customerConsentedOrWasNotifiedWithoutNeedingConsent
    ]
}
