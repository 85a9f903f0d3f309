import Foundation
import StoreModel

/// Computes an account's capabilities from what it owns, at an instant: the read side of the server, pure.
///
/// - An auto-renewable subscription counts through its chain's latest transaction, in the state the chain's
///   status gives (grace period yes, billing retry no, expired no, revoked no); an upgraded-away transaction is
///   never the latest. A chain with no known status is judged by its expiry date.
/// - A non-consumable counts until revoked; a non-renewing subscription until revoked, or until its configured
///   duration from the purchase date has passed.
/// - Consumables never count as capabilities: they are balances.
/// - A promotional grant counts from its start until its end or revocation.
struct EntitlementEvaluator {
    let configuration: EntitlementServerConfiguration
    let now: Timestamp

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
        for item in Self.countedTransactions(owned) {
            guard let rule = configuration.rule(for: item.transaction.productId), !rule.capabilities.isEmpty,
                item.transaction.type != .consumable
            else { continue }
            let (state, expiresAt) = judge(item, rule: rule)
            if let expiresAt, expiresAt > now.milliseconds, item.status == nil || item.transaction.type != .autoRenewable {
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

    /// Later purchase date first, then the larger transaction identifier (shorter numeric strings are smaller).
    static func isLater(_ candidate: JWSTransactionDecodedPayload, than other: JWSTransactionDecodedPayload) -> Bool {
        let lhs = candidate.purchaseDate?.milliseconds ?? .min
        let rhs = other.purchaseDate?.milliseconds ?? .min
        if lhs != rhs { return lhs > rhs }
        let left = other.transactionId ?? ""
        let right = candidate.transactionId ?? ""
        return left.utf8.count != right.utf8.count ? left.utf8.count < right.utf8.count : left < right
    }

    /// A counted transaction's state and end.
    private func judge(_ item: OwnedTransaction, rule: ProductRule) -> (EntitlementState, Int64?) {
        let transaction = item.transaction
        if transaction.revocationDate != nil { return (.revoked, transaction.revocationDate?.milliseconds) }
        switch transaction.type {
        case .autoRenewable?:
            let expiresAt = transaction.expiresDate?.milliseconds
            switch item.status {
            case .active?: return (.active, expiresAt)
            case .billingGracePeriod?: return (.gracePeriod, item.renewal?.gracePeriodExpiresDate?.milliseconds ?? expiresAt)
            case .billingRetry?: return (.billingRetry, expiresAt)
            case .expired?: return (.expired, expiresAt)
            case .revoked?: return (.revoked, expiresAt)
            default:
                guard let expiresAt else { return (.expired, nil) }
                return (expiresAt > now.milliseconds ? .active : .expired, expiresAt)
            }
        case .nonRenewable?:
            guard let duration = rule.nonRenewingDurationSeconds, let purchase = transaction.purchaseDate?.milliseconds else {
                return (.active, nil)
            }
            let end = purchase + duration * 1000
            return (end > now.milliseconds ? .active : .expired, end)
        default:
            return (.active, nil)
        }
    }
}
