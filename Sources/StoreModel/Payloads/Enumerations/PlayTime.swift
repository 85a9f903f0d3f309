/// How long the customer used the app.
///
/// Wire values (integers): `0`, `1`, `2`, `3`, `4`, `5`, `6`, `7`.
public struct PlayTime: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared (`0`).
    public static let undeclared = PlayTime(rawValue: 0)
    /// 0 to 5 minutes (`1`).
    public static let zeroToFiveMinutes = PlayTime(rawValue: 1)
    /// 5 to 60 minutes (`2`).
    public static let fiveToSixtyMinutes = PlayTime(rawValue: 2)
    /// 1 to 6 hours (`3`).
    public static let oneToSixHours = PlayTime(rawValue: 3)
    /// 6 to 24 hours (`4`).
    public static let sixHoursToTwentyFourHours = PlayTime(rawValue: 4)
    /// 1 to 4 days (`5`).
    public static let oneDayToFourDays = PlayTime(rawValue: 5)
    /// 4 to 16 days (`6`).
    public static let fourDaysToSixteenDays = PlayTime(rawValue: 6)
    /// More than 16 days (`7`).
    public static let overSixteenDays = PlayTime(rawValue: 7)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [PlayTime] = [
        .undeclared, .zeroToFiveMinutes, .fiveToSixtyMinutes, .oneToSixHours, .sixHoursToTwentyFourHours,
        .oneDayToFourDays, .fourDaysToSixteenDays, .overSixteenDays
    ]
}
