import AppStoreEngine
import StoreModel

/// Runs a scenario's steps on its session's engine, one engine operation per step (an `advance` fires every due
/// event on the way), and reports each step's timeline as it completes.
///
/// A step the engine refuses stops the run; failed `expect` checks are recorded and the run goes on.
public final class ScenarioRunner {
    /// The scenario.
    public let scenario: Scenario
    /// The engine.
    public let engine: AppStoreEngine
    /// The engine's clock.
    public let clock: VirtualClock
    /// Called after each step, once everything it did is committed.
    public var onStep: ((TimelineStep) -> Void)?
    /// Called as the run progresses; `advance` steps then move the clock in up to 100 stages so the progress
    /// moves too (the events fire at the same instants, in the same order).
    public var onProgress: ((ScenarioProgress) -> Void)?

    let recorder: TimelineRecorder
    private var outcome: ScenarioOutcome

    init(scenario: Scenario, engine: AppStoreEngine, clock: VirtualClock) {
        self.scenario = scenario
        self.engine = engine
        self.clock = clock
        recorder = TimelineRecorder(engine: engine, bundleId: scenario.bundleId)
        outcome = ScenarioOutcome(
            stepsRun: 0, stepsTotal: scenario.steps.count, transactionsCreated: 0, transactionsUpdated: 0,
            notifications: 0, expectationsPassed: 0, expectationsFailed: 0, end: TimelineInstant(clock.now))
    }

    /// Runs the steps from `first` on (0 for a new run). Continuing a run that stopped, pass the first step not
    /// done: what the engine already holds is then taken as known, and steps are resolved against it.
    public func run(from first: Int = 0) async -> ScenarioOutcome {
        if first > 0 {
            do {
                try await recorder.prime(accounts: scenario.accounts.map(\.id))
            } catch {
                outcome.failure = "\(scenario.fileName): the engine's state cannot be read: \(error)"
                return outcome
            }
        }
        for step in scenario.steps.dropFirst(first) {
            let entry = await run(step)
            outcome.stepsRun += 1
            outcome.transactionsCreated += entry.transactions.filter { $0.change == .created }.count
            outcome.transactionsUpdated += entry.transactions.filter { $0.change == .updated }.count
            outcome.notifications += entry.notifications.count
            outcome.expectationsPassed += entry.expectations.filter(\.passed).count
            outcome.expectationsFailed += entry.expectations.filter { !$0.passed }.count
            outcome.end = entry.end
            onStep?(entry)
            report(stepsDone: step.index + 1, fraction: 0)
            if let failure = entry.failure {
                outcome.failure = failure
                break
            }
        }
        return outcome
    }

    private func run(_ step: ScenarioStep) async -> TimelineStep {
        var entry = TimelineStep(
            index: step.index, path: step.path.description, kind: step.kind, summary: step.summary,
            start: TimelineInstant(clock.now), end: TimelineInstant(clock.now), transactions: [], notifications: [],
            notes: [], expectations: [], failure: nil)
        var effects = StepEffects()
        do {
            if case .expect(let expectation) = step.action {
                entry.expectations = try await check(expectation, at: step)
            } else {
                effects = try await perform(step)
            }
        } catch {
            entry.failure = ScenarioError(
                fileName: scenario.fileName, path: step.path, problem: .refused("(\(step.kind)) \(error.description)"))
                .description
        }
        do {
            let collected = try await recorder.collect(
                returned: effects.returned, returnedTo: effects.returnedTo, accounts: effects.accounts)
            entry.transactions = collected.transactions
            entry.notifications = collected.notifications
        } catch {
            entry.failure = entry.failure ?? "\(scenario.fileName): \(step.path): the engine's views cannot be read: \(error)"
        }
        if case .expect(let expectation) = step.action, expectation.notifications != nil {
            recorder.startExpectationWindow()
        }
        entry.notes = effects.notes
        entry.end = TimelineInstant(clock.now)
        return entry
    }

    /// Reports progress within the step before `stepsDone`.
    func report(stepsDone: Int, fraction: Double) {
        onProgress?(ScenarioProgress(
            stepsDone: stepsDone, stepsTotal: scenario.steps.count, stepFraction: fraction, now: clock.now))
    }
}

/// What a step's operations returned, for the timeline.
struct StepEffects {
    /// Transactions the operations answered with.
    var returned: [SignedTransaction] = []
    /// Their owner.
    var returnedTo: String?
    /// Accounts whose updates feeds may hold changes no notification carries.
    var accounts: [String] = []
    /// Other things that happened.
    var notes: [String] = []
}
