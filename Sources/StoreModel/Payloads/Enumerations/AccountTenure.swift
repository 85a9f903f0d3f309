/// The age of the customer's account.
///
/// Wire values (integers): `0`, `1`, `2`, `3`, `4`, `5`, `6`, `7`.
public struct AccountTenure: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared (`0`).
    public static let undeclared = AccountTenure(rawValue: 0)
    /// 0 to 3 days (`1`).
    public static let zeroToThreeDays = AccountTenure(rawValue: 1)
    /// 3 to 10 days (`2`).
    public static let threeDaysToTenDays = AccountTenure(rawValue: 2)
    /// 10 to 30 days (`3`).
    public static let tenDaysToThirtyDays = AccountTenure(rawValue: 3)
    /// 30 to 90 days (`4`).
    public static let thirtyDaysToNinetyDays = AccountTenure(rawValue: 4)
    /// 90 to 180 days (`5`).
    public static let ninetyDaysToOneHundredEightyDays = AccountTenure(rawValue: 5)
    /// 180 to 365 days (`6`).
    public static let oneHundredEightyDaysToThreeHundredSixtyFiveDays = AccountTenure(rawValue: 6)
    /// More than 365 days (`7`).
    public static let greaterThanThreeHundredSixtyFiveDays = AccountTenure(rawValue: 7)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AccountTenure] = [
        .undeclared, .zeroToThreeDays, .threeDaysToTenDays, .tenDaysToThirtyDays, .thirtyDaysToNinetyDays,
        .ninetyDaysToOneHundredEightyDays, .oneHundredEightyDaysToThreeHundredSixtyFiveDays,
        .greaterThanThreeHundredSixtyFiveDays
    ]
}
