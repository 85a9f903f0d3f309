/// One measured phase of the engine benchmark (the purchases, or one month) with its signing baseline.
struct EnginePhase: Sendable, Codable {
    /// `purchases` or `month 3`.
    var name: String
    /// Engine operations run in the phase (purchases, refunds, billing changes, recoveries, one advance).
    var operations: Int
    /// Due events the advance fired.
    var dueEvents: Int
    /// Notifications and transactions the phase added, and the payloads it signed.
    var notifications: Int64
    var transactionsCreated: Int64
    var signedPayloads: Int64
    /// The engine's time, and the baseline's for the same number of payloads.
    var engine: Span
    var baseline: Span

    /// Transactions created plus notifications.
    var events: Int64 { notifications + transactionsCreated }

    /// Engine CPU over baseline CPU.
    var cpuRatio: Double { baseline.cpu > 0 ? engine.cpu / baseline.cpu : 0 }

    /// Engine wall time over baseline wall time.
    var wallRatio: Double { baseline.wall > 0 ? engine.wall / baseline.wall : 0 }
}
