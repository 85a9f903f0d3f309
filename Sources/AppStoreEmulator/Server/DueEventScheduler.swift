import AppStoreEngine
import StoreModel

/// Fires the engine's due events (renewals, grace and retry ends, mass-extension steps) on the engine's clock.
///
/// It sleeps until the next due date, or until the ``ChangeFeed`` announces a change that may have scheduled an
/// earlier one — it never polls in a busy loop. After firing anything it announces a change itself, so
/// long-polling readers of the updates feed see renewals as they happen.
public actor DueEventScheduler: BackgroundService {
    private let engine: AppStoreEngine
    private let changes: ChangeFeed
    private let longestSleep: Duration
    private let onError: @Sendable (AppStoreEngineError) -> Void
    private var task: Task<Void, Never>?

    /// Creates a scheduler.
    /// - Parameters:
    ///   - engine: The engine whose due events to fire.
    ///   - changes: Wakes the scheduler on changes; the scheduler announces the events it fires.
    ///   - longestSleep: The longest it sleeps without looking again (a guard against clock jumps).
    ///   - onError: Told about a failed run; the scheduler retries after `longestSleep`.
    public init(
        engine: AppStoreEngine, changes: ChangeFeed, longestSleep: Duration = .seconds(60),
        onError: @escaping @Sendable (AppStoreEngineError) -> Void = { _ in }
    ) {
        self.engine = engine
        self.changes = changes
        self.longestSleep = longestSleep
        self.onError = onError
    }

    public func start() async {
        guard task == nil else { return }
        let engine = engine
        let changes = changes
        let longestSleep = longestSleep
        let onError = onError
        task = Task {
            while !Task.isCancelled {
                let seen = await changes.version
                var sleep = longestSleep
                do throws(AppStoreEngineError) {
                    if try await engine.runDueEvents() > 0 { await changes.announce() }
                    if let next = try await engine.nextDueDate() {
                        let wait = next.duration(since: engine.now)
                        sleep = min(max(wait, .milliseconds(1)), longestSleep)
                    }
                } catch {
                    onError(error)
                }
                await changes.wait(after: seen, timeout: sleep)
            }
        }
    }

    public func stop() async {
        task?.cancel()
        await task?.value
        task = nil
    }
}
