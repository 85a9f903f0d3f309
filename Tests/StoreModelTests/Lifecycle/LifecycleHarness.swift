import Foundation
import StoreModel

/// Drives one purchaser chain (and any family members) through events with no engine: applies the actions to an
/// in-memory ledger of transactions and notifications.
struct LifecycleHarness {
    static let bundleId = "com.tienda.example"
    static let yearly = "com.tienda.example.pro.yearly"
    static let monthly = "com.tienda.example.pro.monthly"
    static let weekly = "com.tienda.example.plus.weekly"

    /// The project's example catalog.
    static let catalog: Catalog = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Tienda.storekit")
        do { return try Catalog.load(contentsOf: url) } catch { fatalError("\(error)") }
    }()

    var context: LifecycleContext
    var ids = TransactionIdentifierGenerator()
    var chain: SubscriptionLifecycle?
    var members: [SubscriptionLifecycle] = []
    var transactions: [String: JWSTransactionDecodedPayload] = [:]
    var notifications: [NotificationDraft] = []
    var lastActions: [LifecycleAction] = []

    init(policy: LifecyclePolicy = .default, graceEnabled: Bool = false, timeRate: TimeRate = .realTime) {
        context = LifecycleContext(
            now: .referenceDate, catalog: Self.catalog, timeRate: timeRate, policy: policy, bundleId: Self.bundleId,
            appTransactionId: "704000000000000001", isBillingGracePeriodEnabled: graceEnabled,
            isBillingRetryOnRenewalEnabled: false)
    }

    var now: Timestamp {
        get { context.now }
        set { context.now = newValue }
    }

    var current: SubscriptionLifecycle {
        guard let chain else { fatalError("no chain yet") }
        return chain
    }

    var latest: JWSTransactionDecodedPayload { transactions[current.latestTransactionId]! }

    /// The notification names since `index`.
    func names(from index: Int = 0) -> [String] { notifications[index...].map(\.name) }

    /// The statuses of the notifications since `index`.
    func statuses(from index: Int = 0) -> [Int32?] { notifications[index...].map { $0.status?.rawValue } }

    mutating func subscribe(_ purchase: SubscriptionPurchase, account: String = "alice") throws {
        let (lifecycle, actions) = try SubscriptionLifecycle.start(
            purchase, accountId: account, in: context, identifiers: &ids)
        chain = lifecycle
        apply(actions)
    }

    @discardableResult
    mutating func handle(_ event: LifecycleEvent) throws -> [LifecycleAction] {
        var lifecycle = current
        let actions = try lifecycle.handle(event, in: context, identifiers: &ids)
        let purchaserActions = actions
        chain = lifecycle
        apply(actions)
        for index in members.indices where members[index].state.isOngoing || isRegrant(event) {
            var member = members[index]
            let memberActions = try member.handle(
                .familyMirror(FamilyMirror(
                    purchaser: lifecycle, purchaserActions: purchaserActions,
                    memberLatestTransaction: transactions[member.latestTransactionId]!)),
                in: context, identifiers: &ids)
            members[index] = member
            apply(memberActions)
        }
        return actions
    }

    private func isRegrant(_ event: LifecycleEvent) -> Bool {
        if case .purchase = event { return true }
        return false
    }

    /// Fires the chain's due event at its date.
    @discardableResult
    mutating func fireDueEvent() throws -> LifecycleDueEvent {
        guard let due = current.dueEvent else { fatalError("nothing due") }
        now = due.date
        try handle(.dueEventFired(due.kind))
        return due
    }

    mutating func addFamilyMember(_ account: String) {
        let (member, actions) = SubscriptionLifecycle.startFamilyMember(
            of: current, purchaserTransaction: latest, memberAccountId: account, in: context, identifiers: &ids)
        members.append(member)
        apply(actions)
    }

    mutating func handleMember(_ index: Int, _ event: LifecycleEvent) throws {
        var member = members[index]
        apply(try member.handle(event, in: context, identifiers: &ids))
        members[index] = member
    }

    mutating func apply(_ actions: [LifecycleAction]) {
        lastActions = actions
        for action in actions {
            switch action {
            case .createTransaction(let transaction), .updateTransaction(let transaction):
                transactions[transaction.transactionId!] = transaction
            case .enqueueNotification(let draft):
                notifications.append(draft)
            default:
                break
            }
        }
    }
}
