/// How fast subscriptions renew in the test environment (StoreKitTest's `SKTestSession.TimeRate`), by the raw
/// value Xcode writes as `_timeRate`.
public struct TimeRate: RawRepresentable, Hashable, Sendable {
    /// `_timeRate`.
    public let rawValue: Int

    /// Creates a rate from its raw value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Real time: a monthly subscription renews after a month.
    public static let realTime = TimeRate(rawValue: 0)
    /// One day every second.
    public static let oneSecondIsOneDay = TimeRate(rawValue: 6)
    /// A monthly renewal every hour.
    public static let monthlyRenewalEveryHour = TimeRate(rawValue: 10)
    /// A monthly renewal every thirty minutes.
    public static let monthlyRenewalEveryThirtyMinutes = TimeRate(rawValue: 11)
    /// A monthly renewal every fifteen minutes.
    public static let monthlyRenewalEveryFifteenMinutes = TimeRate(rawValue: 12)
    /// A monthly renewal every five minutes.
    public static let monthlyRenewalEveryFiveMinutes = TimeRate(rawValue: 13)
    /// A monthly renewal every thirty seconds.
    public static let monthlyRenewalEveryThirtySeconds = TimeRate(rawValue: 15)
    /// Any subscription renews every fifteen minutes.
    public static let oneRenewalEveryFifteenMinutes = TimeRate(rawValue: 1000)
    /// Any subscription renews every five minutes.
    public static let oneRenewalEveryFiveMinutes = TimeRate(rawValue: 1001)
    /// Any subscription renews every minute.
    public static let oneRenewalEveryMinute = TimeRate(rawValue: 1002)
    /// Any subscription renews every thirty seconds.
    public static let oneRenewalEveryThirtySeconds = TimeRate(rawValue: 1003)
    /// Any subscription renews every ten seconds.
    public static let oneRenewalEveryTenSeconds = TimeRate(rawValue: 1004)
    /// Any subscription renews every two seconds.
    public static let oneRenewalEveryTwoSeconds = TimeRate(rawValue: 1005)
}
