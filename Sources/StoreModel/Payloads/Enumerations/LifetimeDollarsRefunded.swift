/// The total the customer received in refunds in the app, in US dollars.
///
/// Wire values (integers): `0`, `1`, `2`, `3`, `4`, `5`, `6`, `7`.
public struct LifetimeDollarsRefunded: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared (`0`).
    public static let undeclared = LifetimeDollarsRefunded(rawValue: 0)
    /// $0 (`1`).
    public static let zeroDollars = LifetimeDollarsRefunded(rawValue: 1)
    /// $0.01 to $49.99 (`2`).
    public static let oneCentToFortyNineDollarsAndNinetyNineCents = LifetimeDollarsRefunded(rawValue: 2)
    /// $50 to $99.99 (`3`).
    public static let fiftyDollarsToNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsRefunded(rawValue: 3)
    /// $100 to $499.99 (`4`).
    public static let oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents =
        LifetimeDollarsRefunded(rawValue: 4)
    /// $500 to $999.99 (`5`).
    public static let fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents =
        LifetimeDollarsRefunded(rawValue: 5)
    /// $1000 to $1999.99 (`6`).
    public static let oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents =
        LifetimeDollarsRefunded(rawValue: 6)
    /// $2000 or more (`7`).
    public static let twoThousandDollarsOrGreater = LifetimeDollarsRefunded(rawValue: 7)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [LifetimeDollarsRefunded] = [
        .undeclared, .zeroDollars, .oneCentToFortyNineDollarsAndNinetyNineCents,
        .fiftyDollarsToNinetyNineDollarsAndNinetyNineCents,
        .oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents,
        .fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents,
        .oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents, .twoThousandDollarsOrGreater
    ]
}
