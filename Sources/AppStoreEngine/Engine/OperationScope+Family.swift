import StoreModel
import StoreStorage

/// Family Sharing of one-time purchases, and joining and leaving families.
extension OperationScope {
    /// Gives family members (or one of them) their own `FAMILY_SHARED` copy of a family-shareable
    /// non-consumable: `ONE_TIME_CHARGE` each.
    func shareOneTimePurchase(
        _ purchase: StoredTransaction, app: RegisteredApp, only memberId: String? = nil
    ) throws(AppStoreEngineError) {
        guard !purchase.isRevoked, purchase.familySource == nil, let family = try account(purchase.accountId).familyGroup
        else { return }
        let existing = Set(try tables.familyCopies(of: purchase.id).filter { !$0.isRevoked }.map(\.accountId))
        let source = try purchase.payload()
        for member in try tables.accounts(inFamily: family)
        where member.id != purchase.accountId && !existing.contains(member.id) && (memberId == nil || member.id == memberId) {
            let context = try context(app: app, accountId: member.id)
            let copy = OneTimePurchase.familyCopy(
                of: source, id: counters.identifiers.makeTransactionId(), context: context)
            let stored = try insert(copy, accountId: member.id, familySource: purchase.id, announced: true)
            enqueue(.oneTimeCharge, app: app, transaction: stored)
        }
    }

    /// Revokes a family member's copy of a one-time purchase: `REVOKE`.
    func revokeFamilyCopy(
        _ copy: StoredTransaction, reason: RevocationReason, app: RegisteredApp
    ) throws(AppStoreEngineError) {
        guard !copy.isRevoked else { return }
        var payload = try copy.payload()
        payload.revocationDate = now
        payload.revocationReason = reason
        payload.revocationType = .familyRevoke
        let stored = try update(payload)
        try announce(stored)
        enqueue(.revoke, app: app, transaction: stored)
    }

    /// An account joins a family: it gains the others' shareable purchases and shares its own with them.
    func joinFamily(accountId: String, group: String) throws(AppStoreEngineError) {
        let members = try tables.accounts(inFamily: group)
        for app in environment.apps.values.sorted(by: { $0.bundleId < $1.bundleId }) {
            for member in members {
                let sharesWithAll = member.id == accountId
                for record in try tables.chains(bundleId: app.bundleId, accountId: member.id)
                where record.lifecycle.ownership == .purchased && record.lifecycle.state.isOngoing {
                    try grantFamilyAccess(to: record.lifecycle, app: app, only: sharesWithAll ? nil : accountId)
                }
                for purchase in try tables.transactions(
                    where: "bundle_id = ? AND account_id = ? AND product_type = ? AND family_source IS NULL AND revoked = 0",
                    [.text(app.bundleId), .text(member.id), .text(ProductType.nonConsumable.rawValue)])
                where app.catalog.product(id: purchase.productId)?.familyShareable == true {
                    try shareOneTimePurchase(purchase, app: app, only: sharesWithAll ? nil : accountId)
                }
            }
        }
    }

    /// An account leaves its family: it loses what others shared, and others lose what it shared.
    func leaveFamily(accountId: String, group: String) throws(AppStoreEngineError) {
        let others = Set(try tables.accounts(inFamily: group).map(\.id)).subtracting([accountId])
        for app in environment.apps.values.sorted(by: { $0.bundleId < $1.bundleId }) {
            for member in [accountId] + others.sorted() {
                for var record in try tables.chains(bundleId: app.bundleId, accountId: member)
                where record.lifecycle.isFamilyShared && record.lifecycle.state.isOngoing {
                    let purchaser = try chain(record.lifecycle.purchaserOriginalTransactionId ?? "").lifecycle.accountId
                    guard member == accountId ? others.contains(purchaser) : purchaser == accountId else { continue }
                    let latest = try payload(record.lifecycle.latestTransactionId)
                    try handle(.familyRevoke(reason: .refundedForOtherReason, latestTransaction: latest), on: &record)
                }
                for copy in try tables.transactions(
                    where: "bundle_id = ? AND account_id = ? AND family_source IS NOT NULL AND revoked = 0",
                    [.text(app.bundleId), .text(member)])
                {
                    let purchaser = try storedTransaction(copy.familySource ?? "").accountId
                    guard member == accountId ? others.contains(purchaser) : purchaser == accountId else { continue }
                    try revokeFamilyCopy(copy, reason: .refundedForOtherReason, app: app)
                }
            }
        }
    }
}
