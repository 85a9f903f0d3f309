import Foundation
import StoreModel

/// Computes an account's capabilities from what it owns, at an instant: the read side of the server, pure.
///
/// Whether a transaction grants access is decided by the shared ``EntitlementRules`` of StoreModel — the same
/// rule the emulator's StoreKit views and the client library use: an auto-renewable subscription counts
/// through its chain's latest transaction while the chain's ``RenewalState`` is subscribed or in grace
/// (billing retry, expired and revoked do not; an upgraded-away transaction never does), a non-consumable and
/// a non-renewing subscription until revoked, a consumable never. This type only adds what the server needs on
/// top: the state of what does not grant access (to say why), the configured end of non-renewing
/// subscriptions (StoreKit leaves it to the app), and promotional grants.
struct EntitlementEvaluator {
    let configuration: EntitlementServerConfiguration
    let now: Timestamp
    let rules = EntitlementRules()

    /// A transaction the account owns, with its chain's registers.
    struct OwnedTransaction: Sendable {
        var transaction: JWSTransactionDecodedPayload
        var role: String
        var status: Status?
        var renewal: JWSRenewalInfoDecodedPayload?
    }

    /// A promotional grant row.
    struct Grant: Sendable {
        var grantId: String
        var capability: String
        var startsAt: Int64
        var expiresAt: Int64?
        var revokedAt: Int64?
        var reason: String
    }

    func evaluate(
        account: String, owned: [OwnedTransaction], grants: [Grant], balances: [String: Int64]
    ) -> AccountEntitlements {
        var sources: [String: [CapabilitySource]] = [:]
        var changes: [Int64] = []
        var renewalStates: [String: RenewalState] = [:]
        for item in owned {
            if let chain = item.transaction.originalTransactionId, let status = item.status, let state = RenewalState(status: status) {
                renewalStates[chain] = state
            }
        }
        let entitled = Set(
            rules.currentEntitlements(from: owned.map(\.transaction), renewalStates: renewalStates, at: now).compactMap(\.transactionId))
        for item in Self.countedTransactions(owned) {
            guard let rule = configuration.rule(for: item.transaction.productId), !rule.capabilities.isEmpty,
                item.transaction.type != .consumable
            else { continue }
            let renewalState = item.transaction.originalTransactionId.flatMap { renewalStates[$0] }
            let (state, expiresAt) = judge(
                item, renewalState: renewalState, entitled: entitled.contains(item.transaction.transactionId ?? ""), rule: rule)
            if let expiresAt, expiresAt > now.milliseconds, item.transaction.type == .nonRenewable {
                changes.append(expiresAt)
            }
            let source = CapabilitySource(
                kind: "app_store", state: state, expiresAt: expiresAt, productId: item.transaction.productId,
                transactionId: item.transaction.transactionId, originalTransactionId: item.transaction.originalTransactionId,
                gracePeriodExpiresAt: state == .gracePeriod ? item.renewal?.gracePeriodExpiresDate?.milliseconds : nil,
                willAutoRenew: item.renewal?.autoRenewStatus.map { $0 == .on },
                environment: item.transaction.environment?.rawValue, ownership: item.role)
            for capability in rule.capabilities { sources[capability, default: []].append(source) }
        }
        for grant in grants {
            let state: EntitlementState
            if let revoked = grant.revokedAt, revoked <= now.milliseconds {
                state = .revoked
            } else if let expires = grant.expiresAt, expires <= now.milliseconds {
                state = .expired
            } else if grant.startsAt > now.milliseconds {
                changes.append(grant.startsAt)
                continue
            } else {
                state = .active
                if let expires = grant.expiresAt { changes.append(expires) }
            }
            sources[grant.capability, default: []].append(
                CapabilitySource(kind: "promotional", state: state, expiresAt: grant.expiresAt, grantId: grant.grantId, reason: grant.reason))
        }
        let capabilities = sources.keys.sorted().map { name in
            let list = sources[name]!.sorted { ($0.state, $0.transactionId ?? $0.grantId ?? "") < ($1.state, $1.transactionId ?? $1.grantId ?? "") }
            let best = list.map(\.state).min() ?? .expired
            let active = list.filter { $0.state.grantsAccess }
            let expiresAt = active.contains { $0.expiresAt == nil } ? nil : active.compactMap(\.expiresAt).max()
            return CapabilityState(capability: name, active: best.grantsAccess, state: best, expiresAt: expiresAt, sources: list)
        }
        return AccountEntitlements(
            accountId: account, asOf: now.milliseconds, validUntil: changes.min(), capabilities: capabilities,
            consumables: balances)
    }

    /// The transactions that speak for the account: each chain's latest for auto-renewables, every transaction
    /// otherwise.
    static func countedTransactions(_ owned: [OwnedTransaction]) -> [OwnedTransaction] {
        var latestOfChain: [String: OwnedTransaction] = [:]
        var others: [OwnedTransaction] = []
        for item in owned {
            guard item.transaction.type == .autoRenewable, let chain = item.transaction.originalTransactionId else {
                others.append(item)
                continue
            }
            if let current = latestOfChain[chain], !isLater(item.transaction, than: current.transaction) { continue }
            latestOfChain[chain] = item
        }
        let chains = latestOfChain.keys.sorted().map { latestOfChain[$0]! }
        return chains + others.sorted { ($0.transaction.transactionId ?? "") < ($1.transaction.transactionId ?? "") }
    }

    /// Later purchase date first, then the larger transaction identifier: the order the shared rules use.
    static func isLater(_ candidate: JWSTransactionDecodedPayload, than other: JWSTransactionDecodedPayload) -> Bool {
        let lhs = candidate.purchaseDate?.milliseconds ?? .min
        let rhs = other.purchaseDate?.milliseconds ?? .min
        if lhs != rhs { return lhs > rhs }
        return TransactionIdentifier.isOrdered(other.transactionId ?? "", before: candidate.transactionId ?? "")
    }

    /// A counted transaction's state and end: access as the shared rules decide it, and for what does not grant
    /// access, the reason.
    private func judge(
        _ item: OwnedTransaction, renewalState: RenewalState?, entitled: Bool, rule: ProductRule
    ) -> (EntitlementState, Int64?) {
        let transaction = item.transaction
        if transaction.revocationDate != nil { return (.revoked, transaction.revocationDate?.milliseconds) }
        switch transaction.type {
        case .autoRenewable?:
            let expiresAt = transaction.expiresDate?.milliseconds
            if entitled {
                guard renewalState == .inGracePeriod else { return (.active, expiresAt) }
                return (.gracePeriod, item.renewal?.gracePeriodExpiresDate?.milliseconds ?? expiresAt)
            }
            switch renewalState {
            case .inBillingRetryPeriod?: return (.billingRetry, expiresAt)
            case .revoked?: return (.revoked, expiresAt)
            default: return (.expired, expiresAt)
            }
        case .nonRenewable?:
            guard entitled else { return (.expired, nil) }
            guard let duration = rule.nonRenewingDurationSeconds, let purchase = transaction.purchaseDate?.milliseconds else {
                return (.active, nil)
            }
            let end = purchase + duration * 1000
            return (end > now.milliseconds ? .active : .expired, end)
        default:
            return (entitled ? .active : .expired, nil)
        }
    }
}
