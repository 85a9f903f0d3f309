import AppStoreEngine
import StoreModel

/// Works out what each step did from the engine's public views: the notifications raised since the previous
/// step (each carries its transaction as signed then), the transactions purchases returned, and the updates
/// feeds of the accounts the step touched (for changes no notification carries, such as an upgraded-away
/// transaction or a new app account token).
final class TimelineRecorder {
    /// One sighting of a transaction, before it is compared with what was known.
    struct Sighting {
        var payload: JWSTransactionDecodedPayload
        var time: Timestamp
        var accountId: String?
        /// Tie-breaker: the order sightings were gathered in.
        var order: Int
    }

    let engine: AppStoreEngine
    let bundleId: String
    /// The last outbox sequence number already reported.
    private(set) var lastSequence: Int64 = 0
    /// Each transaction as last reported.
    private var known: [String: TimelineTransaction] = [:]
    /// The owner of each subscription chain or one-time purchase, by original transaction ID.
    private var owners: [String: String] = [:]
    /// How far each account's updates feed was read.
    private var cursors: [String: Int64] = [:]
    /// Notifications since the previous `expect` step that checked notifications.
    private(set) var sinceExpectation: [TimelineNotification] = []

    init(engine: AppStoreEngine, bundleId: String) {
        self.engine = engine
        self.bundleId = bundleId
    }

    /// Marks everything already in the engine as known: for a run that continues on existing state.
    func prime(accounts: [String]) async throws(AppStoreEngineError) {
        for account in accounts {
            for transaction in try await engine.allTransactions(bundleId: bundleId, accountId: account) {
                remember(transaction.payload, accountId: account)
            }
            _ = try await feed(of: account)
        }
        while true {
            let page = try await engine.notificationHistory(
                NotificationHistoryQuery(bundleId: bundleId, afterSequence: lastSequence, limit: 1000))
            guard let last = page.last else { break }
            lastSequence = last.sequence
        }
    }

    /// Starts a new window for `expect` steps' notification checks.
    func startExpectationWindow() { sinceExpectation = [] }

    /// The latest transaction seen for an account's product (finished consumables included).
    func latestTransaction(accountId: String, productId: String) -> String? {
        known.values.filter { $0.accountId == accountId && $0.productId == productId && $0.ownership != "FAMILY_SHARED" }
            .map(\.transactionId).max { TransactionIdentifier.isOrdered($0, before: $1) }
    }

    /// Collects what happened since the previous call: `returned` are the transactions the step's operations
    /// answered with (owned by `returnedTo`), `accounts` the accounts whose feeds to read.
    func collect(
        returned: [SignedTransaction], returnedTo accountId: String?, accounts: [String]
    ) async throws(AppStoreEngineError) -> (transactions: [TimelineTransaction], notifications: [TimelineNotification]) {
        var sightings: [Sighting] = []
        for transaction in returned {
            if let accountId { owners[transaction.payload.originalTransactionId ?? ""] = accountId }
            sightings.append(Sighting(payload: transaction.payload, time: transaction.payload.purchaseDate ?? .referenceDate,
                accountId: accountId, order: sightings.count))
        }
        for account in accounts {
            for update in try await feed(of: account) {
                owners[update.transaction.payload.originalTransactionId ?? ""] = account
                sightings.append(Sighting(payload: update.transaction.payload, time: update.date, accountId: account, order: sightings.count))
            }
        }
        var notifications: [TimelineNotification] = []
        for outbox in try await newNotifications() {
            let decoded = JWSPayload.decode(ResponseBodyV2DecodedPayload.self, from: outbox.signedPayload)
            let transaction = decoded?.data?.signedTransactionInfo.flatMap {
                JWSPayload.decode(JWSTransactionDecodedPayload.self, from: $0)
            }
            let owner = outbox.originalTransactionId.flatMap { owners[$0] }
            if let transaction {
                sightings.append(Sighting(payload: transaction, time: outbox.signedDate, accountId: owner, order: sightings.count))
            }
            notifications.append(TimelineNotification(
                sequence: outbox.sequence, notificationUUID: outbox.notificationUUID, time: TimelineInstant(outbox.signedDate),
                notificationType: outbox.notificationType.rawValue, subtype: outbox.subtype?.rawValue,
                status: decoded?.data?.status?.rawValue, transactionId: outbox.transactionId,
                originalTransactionId: outbox.originalTransactionId, accountId: owner))
        }
        sinceExpectation += notifications
        sightings.sort { lhs, rhs in
            if lhs.time != rhs.time { return lhs.time < rhs.time }
            let (left, right) = (lhs.payload.transactionId ?? "", rhs.payload.transactionId ?? "")
            if left != right { return TransactionIdentifier.isOrdered(left, before: right) }
            return lhs.order < rhs.order
        }
        var transactions: [TimelineTransaction] = []
        for sighting in sightings {
            if let change = record(sighting) { transactions.append(change) }
        }
        return (transactions, notifications)
    }

    /// Compares a sighting with what was known: a new transaction, a change, or nothing new.
    private func record(_ sighting: Sighting) -> TimelineTransaction? {
        let owner = sighting.accountId ?? owners[sighting.payload.originalTransactionId ?? ""]
        var entry = TimelineTransaction(sighting.payload, change: .created, time: sighting.time, accountId: owner)
        if let earlier = known[entry.transactionId] {
            let changes = entry.differences(from: earlier)
            known[entry.transactionId] = entry
            guard !changes.isEmpty else { return nil }
            entry.change = .updated
            entry.changes = changes
            return entry
        }
        known[entry.transactionId] = entry
        return entry
    }

    private func remember(_ payload: JWSTransactionDecodedPayload, accountId: String) {
        owners[payload.originalTransactionId ?? ""] = accountId
        let entry = TimelineTransaction(payload, change: .created, time: payload.purchaseDate ?? .referenceDate, accountId: accountId)
        known[entry.transactionId] = entry
    }

    private func feed(of account: String) async throws(AppStoreEngineError) -> [TransactionUpdate] {
        var updates: [TransactionUpdate] = []
        while true {
            let page = try await engine.transactionUpdates(
                bundleId: bundleId, accountId: account, after: cursors[account] ?? 0, limit: 500)
            updates += page.updates
            cursors[account] = page.cursor
            if !page.hasMore { return updates }
        }
    }

    private func newNotifications() async throws(AppStoreEngineError) -> [OutboxNotification] {
        var result: [OutboxNotification] = []
        while true {
            let page = try await engine.notificationHistory(
                NotificationHistoryQuery(bundleId: bundleId, afterSequence: lastSequence, limit: 1000))
            result += page
            guard let last = page.last else { return result }
            lastSequence = last.sequence
            if page.count < 1000 { return result }
        }
    }
}
