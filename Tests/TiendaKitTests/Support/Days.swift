extension Duration {
    /// `count` days.
    static func days(_ count: Double) -> Duration { .milliseconds(Int64(count * 86_400_000)) }
}
