import StoreModel

/// When notifications are retried: Apple's App Store Server Notifications V2 schedule, on the app's time rate.
///
/// In production Apple retries a failed notification five times, 1, 12, 24, 48 and 72 hours after the previous
/// attempt (six attempts over about 6.5 days); in the sandbox it sends once and never retries. Both are the
/// default here; ``apple(retryInSandbox:timeRate:)`` gives the sandbox the production schedule.
///
/// **Time rate.** Intervals are scaled like subscription periods: by the rate's monthly renewal interval over a
/// 30-day month. Real time keeps Apple's hours; `monthlyRenewalEveryFiveMinutes` (13) turns 1 hour into
/// 1 h × 5 min ÷ 30 days ≈ 0.42 s and the whole 157 hours into about 65 s; `monthlyRenewalEveryThirtySeconds`
/// (15) turns 1 hour into 42 ms. The rate is the app's effective `_timeRate` (its `.storekit` file's, or the
/// override set through the engine) unless ``timeRate`` fixes one. Waits are measured on the deliverer's clock.
public struct DeliverySchedule: Hashable, Sendable {
    /// Apple's waits after each failed production attempt: 1, 12, 24, 48 and 72 hours.
    public static let appleProductionRetryIntervals: [Duration] = [1, 12, 24, 48, 72].map { .seconds($0 * 3600) }
    /// A real month for scaling: 30 days.
    public static let realMonth = Duration.seconds(30 * 86_400)

    /// The waits after each failed attempt for Production notifications, in unscaled App Store time.
    public var productionRetryIntervals: [Duration]
    /// The waits for Sandbox (and Xcode, LocalTesting) notifications; empty (send once) by default.
    public var sandboxRetryIntervals: [Duration]
    /// The time rate that scales every wait; `nil` uses each app's effective rate.
    public var timeRate: TimeRate?
    /// Whether an HTTP 400 answer ends the retries to that URL. Apple documents retries for every 4xx and 5xx;
    /// developers reported in 2026 that a 400 is not retried. Off (the documented rule) by default.
    public var stopsRetryingAfterHTTP400: Bool

    /// Creates a schedule.
    public init(
        productionRetryIntervals: [Duration] = DeliverySchedule.appleProductionRetryIntervals,
        sandboxRetryIntervals: [Duration] = [], timeRate: TimeRate? = nil, stopsRetryingAfterHTTP400: Bool = false
    ) {
        self.productionRetryIntervals = productionRetryIntervals
        self.sandboxRetryIntervals = sandboxRetryIntervals
        self.timeRate = timeRate
        self.stopsRetryingAfterHTTP400 = stopsRetryingAfterHTTP400
    }

    /// Apple's documented behaviour: production retries on the V2 schedule, the sandbox sends once.
    /// - Parameters:
    ///   - retryInSandbox: Give Sandbox notifications the production schedule too.
    ///   - timeRate: A rate for every app instead of each app's own.
    public static func apple(retryInSandbox: Bool = false, timeRate: TimeRate? = nil) -> DeliverySchedule {
        DeliverySchedule(sandboxRetryIntervals: retryInSandbox ? appleProductionRetryIntervals : [], timeRate: timeRate)
    }

    /// The unscaled waits after each failed attempt for a notification from `environment`.
    public func retryIntervals(for environment: AppStoreEnvironment) -> [Duration] {
        environment == .production ? productionRetryIntervals : sandboxRetryIntervals
    }

    /// How many attempts a notification from `environment` gets at most (1 + retries).
    public func maximumAttempts(for environment: AppStoreEnvironment) -> Int {
        retryIntervals(for: environment).count + 1
    }

    /// How long after attempt `number` (1-based) the next one comes, under `rate`; `nil` after the last.
    public func wait(afterAttempt number: Int, environment: AppStoreEnvironment, rate: TimeRate) -> Duration? {
        let intervals = retryIntervals(for: environment)
        guard number >= 1, number <= intervals.count else { return nil }
        return Self.scale(intervals[number - 1], by: timeRate ?? rate)
    }

    /// `interval` under `rate`: × the rate's monthly renewal interval ÷ 30 days, in whole milliseconds (at least
    /// one); unchanged in real time.
    public static func scale(_ interval: Duration, by rate: TimeRate) -> Duration {
        guard let monthly = rate.renewalInterval(for: .oneMonth).milliseconds else { return interval }
        let milliseconds = TimeRate.milliseconds(of: interval)
        let (product, overflow) = milliseconds.multipliedReportingOverflow(by: monthly)
        let month = TimeRate.milliseconds(of: realMonth)
        let scaled = overflow ? milliseconds / month * monthly : product / month
        return .milliseconds(max(1, scaled))
    }
}
