/// One measured phase of the engine benchmark (the purchases, or one month) with its signing baseline: the sum of
/// the phase's steps, each measured and followed by signing its own payloads alone.
struct EnginePhase: Sendable, Codable {
    /// `purchases` or `month 3`.
    var name: String
    /// Steps the phase was measured in, each followed by its baseline.
    var steps = 0
    /// Engine operations run in the phase (purchases, refunds, billing changes, recoveries, advances).
    var operations = 0
    /// Due events the advances fired.
    var dueEvents = 0
    /// Notifications and transactions the phase added, and the payloads it signed.
    var notifications: Int64 = 0
    var transactionsCreated: Int64 = 0
    var signedPayloads: Int64 = 0
    /// The engine's time, and the baseline's for the same number of payloads.
    var engine = Span.zero
    var baseline = Span.zero
    /// The engine's time by kind of call, inside ``engine`` (in JSON, keyed by the kinds' raw values).
    var calls: [EngineWorkload.CallKind: EngineWorkload.CallTally] = [:]

    /// Transactions created plus notifications.
    var events: Int64 { notifications + transactionsCreated }

    /// Engine CPU over baseline CPU.
    var cpuRatio: Double { baseline.cpu > 0 ? engine.cpu / baseline.cpu : 0 }

    /// Engine wall time over baseline wall time.
    var wallRatio: Double { baseline.wall > 0 ? engine.wall / baseline.wall : 0 }

    /// Adds the counts and times of `other` (a step of this phase, or another phase for a total).
    mutating func add(_ other: EnginePhase) {
        steps += other.steps
        operations += other.operations
        dueEvents += other.dueEvents
        notifications += other.notifications
        transactionsCreated += other.transactionsCreated
        signedPayloads += other.signedPayloads
        engine = engine + other.engine
        baseline = baseline + other.baseline
        calls.merge(other.calls, uniquingKeysWith: +)
    }
}
