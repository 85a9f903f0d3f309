import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Delivers the engine's App Store Server Notifications V2 to the developer's URLs as Apple does: a POST of
/// `{"signedPayload": "<JWS>"}` to each URL, retried on Apple's schedule (``DeliverySchedule``), with every
/// attempt recorded in the outbox (the notification history shows them), and optional faults
/// (``DeliveryFaults``).
///
/// Each URL has its own delivery state: attempts carry their URL, a notification stays pending while any URL
/// has attempts left, and is then delivered (every URL succeeded) or failed. A retry sends the very same
/// `signedPayload` (same `notificationUUID` and `signedDate`). Due dates follow the injected clock, so tests on
/// a `VirtualClock` call ``deliverDue()`` after moving it instead of sleeping.
///
/// ```swift
/// let deliverer = NotificationDeliverer(engine: engine, urls: configuration.notificationURLs)
/// await deliverer.start()     // a background task; `wake()` after raising notifications for no delay
/// …
/// await deliverer.stop()
/// ```
public actor NotificationDeliverer {
    /// The engine whose outbox is delivered.
    public nonisolated let engine: AppStoreEngine
    /// Where notifications go, each with its own delivery state.
    public nonisolated let urls: [URL]
    /// The clock due dates and attempt dates follow (the engine's by default).
    public nonisolated let clock: any StoreClock
    /// How often the background task looks for new notifications when nothing is due sooner.
    public nonisolated let pollInterval: Duration
    /// The retry schedule in effect.
    public private(set) var schedule: DeliverySchedule
    /// The faults in effect.
    public private(set) var faults: DeliveryFaults
    /// The last error the background task met, cleared by its next successful round.
    public internal(set) var lastError: DeliveryError?
    let transport: DeliveryTransport
    var loop: Task<Void, Never>?
    var sleeper: CheckedContinuation<Void, Never>?
    var sleepGeneration = 0
    var wakeRequested = false
    private var roundRunning = false
    private var roundWaiters: [CheckedContinuation<Void, Never>] = []

    /// How many pending notifications one outbox read returns.
    static let pageSize = 500

    /// Creates a deliverer; it sends nothing until ``start()`` or ``deliverDue()``.
    /// - Parameters:
    ///   - engine: The engine whose outbox is delivered.
    ///   - urls: The developer's notification URLs (none: nothing is sent).
    ///   - schedule: The retry schedule; Apple's by default (production retries, the sandbox sends once).
    ///   - faults: Faults to inject; none by default.
    ///   - clock: The clock due dates follow; the engine's by default.
    ///   - client: The HTTP client that POSTs.
    ///   - timeout: How long one POST may take before it counts as `TIMED_OUT`; 10 seconds by default (Apple's
    ///     exact value is not documented; a 30-second reply is known to time out).
    ///   - pollInterval: How often the background task looks for new notifications; 250 ms by default.
    public init(
        engine: AppStoreEngine, urls: [URL], schedule: DeliverySchedule = .apple(), faults: DeliveryFaults = .none,
        clock: (any StoreClock)? = nil, client: HTTPClient = HTTPClient(), timeout: Duration = .seconds(10),
        pollInterval: Duration = .milliseconds(250)
    ) {
        self.engine = engine
        self.urls = urls
        self.schedule = schedule
        self.faults = faults
        self.clock = clock ?? engine.clock
        self.pollInterval = max(.milliseconds(1), pollInterval)
        transport = DeliveryTransport(client: client, timeout: timeout)
    }

    /// Replaces the faults; the next round applies them.
    public func setFaults(_ faults: DeliveryFaults) {
        self.faults = faults
        wake()
    }

    /// Changes the faults in place.
    public func updateFaults(_ change: @Sendable (inout DeliveryFaults) -> Void) {
        change(&faults)
        wake()
    }

    /// Replaces the retry schedule; attempts already made keep their dates, the next waits follow the new one.
    public func setSchedule(_ schedule: DeliverySchedule) {
        self.schedule = schedule
        wake()
    }

    /// Makes every attempt due at the clock's now, each URL served concurrently and its attempts in order, and
    /// records them in the outbox. Rounds never overlap: a call waits for the running one, then runs its own.
    /// - Returns: The attempts made and when the next one falls due.
    /// - Throws: ``DeliveryError/outbox(_:)`` when the outbox cannot be read or an attempt cannot be recorded.
    @discardableResult
    public func deliverDue() async throws(DeliveryError) -> DeliveryRound {
        if roundRunning {
            await withCheckedContinuation { roundWaiters.append($0) }
        } else {
            roundRunning = true
        }
        defer {
            if roundWaiters.isEmpty { roundRunning = false } else { roundWaiters.removeFirst().resume() }
        }
        let plan = try await plan()
        let outcomes = await withTaskGroup(of: Result<[DeliverySend], DeliveryError>.self) { group in
            for (url, items) in plan.items where !items.isEmpty {
                group.addTask { [engine, clock, transport, schedule, faults, urls] in
                    await Self.send(
                        items, to: url,
                        context: SendContext(
                            engine: engine, clock: clock, transport: transport, schedule: schedule, faults: faults,
                            urls: urls))
                }
            }
            var results: [Result<[DeliverySend], DeliveryError>] = []
            for await result in group { results.append(result) }
            return results
        }
        var sends: [DeliverySend] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let made): sends += made
            case .failure(let error): throw error
            }
        }
        let next = (sends.compactMap(\.nextAttemptDate) + [plan.nextDueDate].compactMap { $0 }).min()
        return DeliveryRound(sends: sends, nextDueDate: next)
    }

    /// When the next attempt falls due, without sending anything (`nil`: nothing waits). A test on a
    /// `VirtualClock` advances to it and calls ``deliverDue()``.
    /// - Throws: ``DeliveryError/outbox(_:)``.
    public func nextDueDate() async throws(DeliveryError) -> Timestamp? {
        let plan = try await plan()
        let dueNow = plan.items.contains { !$0.items.isEmpty }
        return dueNow ? clock.now : plan.nextDueDate
    }

    /// Reads the whole pending outbox and plans a round at the clock's now.
    private func plan() async throws(DeliveryError) -> DeliveryPlan {
        guard !urls.isEmpty else {
            return DeliveryPlan(pending: [], urls: [], schedule: schedule, faults: faults, now: clock.now, rates: [:])
        }
        var pending: [OutboxNotification] = []
        var rates: [String: TimeRate] = [:]
        do {
            while true {
                let page = try await engine.pendingNotifications(afterSequence: pending.last?.sequence, limit: Self.pageSize)
                pending += page
                if page.count < Self.pageSize { break }
            }
            for bundleId in Set(pending.map(\.bundleId)) {
                rates[bundleId] = (try? await engine.app(bundleId).settings.timeRate) ?? .realTime
            }
        } catch {
            throw .outbox(error)
        }
        return DeliveryPlan(pending: pending, urls: urls, schedule: schedule, faults: faults, now: clock.now, rates: rates)
    }
}
