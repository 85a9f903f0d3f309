/// The total the customer spent on in-app purchases in the app, in US dollars.
///
/// Wire values (integers): `0`, `1`, `2`, `3`, `4`, `5`, `6`, `7`.
public struct LifetimeDollarsPurchased: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared (`0`).
    public static let undeclared = LifetimeDollarsPurchased(rawValue: 0)
    /// $0 (`1`).
    public static let zeroDollars = LifetimeDollarsPurchased(rawValue: 1)
    /// $0.01 to $49.99 (`2`).
    public static let oneCentToFortyNineDollarsAndNinetyNineCents = LifetimeDollarsPurchased(rawValue: 2)
    /// $50 to $99.99 (`3`).
    public static let fiftyDollarsToNinetyNineDollarsAndNinetyNineCents = LifetimeDollarsPurchased(rawValue: 3)
    /// $100 to $499.99 (`4`).
    public static let oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents =
        LifetimeDollarsPurchased(rawValue: 4)
    /// $500 to $999.99 (`5`).
    public static let fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents =
        LifetimeDollarsPurchased(rawValue: 5)
    /// $1000 to $1999.99 (`6`).
    public static let oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents =
        LifetimeDollarsPurchased(rawValue: 6)
    /// $2000 or more (`7`).
    public static let twoThousandDollarsOrGreater = LifetimeDollarsPurchased(rawValue: 7)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [LifetimeDollarsPurchased] = [
        .undeclared, .zeroDollars, .oneCentToFortyNineDollarsAndNinetyNineCents,
        .fiftyDollarsToNinetyNineDollarsAndNinetyNineCents,
        .oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents,
        .fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents,
        .oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents, .twoThousandDollarsOrGreater
    ]
}
