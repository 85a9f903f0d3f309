import StoreModel
import StoreStorage

/// Family Sharing (subscription-lifecycle.md §3.8): members get their own `FAMILY_SHARED` transactions and
/// notifications, and lose them with `REVOKE`.
extension AppStoreEngine {
    /// Moves an account into a Family Sharing group (or out of its group with `nil`). Joining gives the
    /// account its own `FAMILY_SHARED` chains and copies of the others' family-shareable purchases
    /// (`SUBSCRIBED/INITIAL_BUY`, `ONE_TIME_CHARGE`) and shares its own with them; leaving revokes both ways
    /// (`REVOKE`).
    @discardableResult
    public func setFamilyGroup(_ group: String?, for accountId: String) async throws(AppStoreEngineError) -> Account {
        try await perform { scope throws(AppStoreEngineError) in
            var account = try scope.account(accountId)
            guard account.familyGroup != group else { return account }
            if let previous = account.familyGroup { try scope.leaveFamily(accountId: accountId, group: previous) }
            account.familyGroup = group
            try scope.tables.update(account: account)
            scope.invalidateAccount(accountId)
            if let group { try scope.joinFamily(accountId: accountId, group: group) }
            return account
        }
    }

    /// Ends one member's access to one shared purchase (`REVOKE`), as when the purchaser stops sharing it.
    /// - Parameters:
    ///   - memberAccountId: The family member.
    ///   - transactionId: Any transaction of the purchaser's subscription, or the purchaser's one-time purchase.
    public func revokeFamilyAccess(memberAccountId: String, transactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let purchase = try scope.storedTransaction(transactionId)
            let app = try scope.app(purchase.bundleId)
            if purchase.productType == .autoRenewable {
                guard var member = try scope.tables.memberChains(of: purchase.originalTransactionId)
                    .first(where: { $0.lifecycle.accountId == memberAccountId })
                else { throw .invalidAction("Account \(memberAccountId) has no share of subscription \(purchase.originalTransactionId).") }
                let latest = try scope.payload(member.lifecycle.latestTransactionId)
                try scope.handle(.familyRevoke(reason: .refundedForOtherReason, latestTransaction: latest), on: &member)
            } else {
                guard let copy = try scope.tables.familyCopies(of: purchase.id).first(where: { $0.accountId == memberAccountId })
                else { throw .invalidAction("Account \(memberAccountId) has no share of transaction \(purchase.id).") }
                try scope.revokeFamilyCopy(copy, reason: .refundedForOtherReason, app: app)
            }
            return true
        }
    }
}
