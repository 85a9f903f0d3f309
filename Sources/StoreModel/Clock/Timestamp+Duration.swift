/// Arithmetic between timestamps and Swift `Duration`s, in whole milliseconds.
extension Timestamp {
    /// 2024-01-01T00:00:00Z, the fixed instant test clocks start from unless told otherwise.
    public static let referenceDate = Timestamp(milliseconds: 1_704_067_200_000)

    /// The latest representable instant, for "never".
    public static let distantFuture = Timestamp(milliseconds: .max)

    /// This instant moved by `duration` (truncated to whole milliseconds).
    public func adding(_ duration: Duration) -> Timestamp {
        adding(milliseconds: TimeRate.milliseconds(of: duration))
    }

    /// The time from `earlier` to this instant (negative when `earlier` is later).
    public func duration(since earlier: Timestamp) -> Duration {
        .milliseconds(milliseconds - earlier.milliseconds)
    }
}
