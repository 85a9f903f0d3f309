extension Store {
    /// Recomputes access from the store: verified, unrevoked current entitlements mapped to capabilities, plus
    /// legacy access; writes the cache. When the store cannot be asked, the last known access stays and the
    /// failure is reported.
    public func refreshEntitlements() async {
        let results: [VerificationResult<Transaction>]
        do {
            results = try await client.currentEntitlements()
        } catch {
            report(.entitlementsUnavailable, "Your purchases couldn't be checked right now.")
            await refreshSubscriptionState()
            return
        }
        var owned = Set<String>()
        for result in results {
            guard case .verified(let transaction) = result else { continue }
            guard transaction.revocationDate == nil else { continue }
            owned.insert(transaction.productID)
        }
        hasLegacyAccess = await legacyAccess()
        var unlocked = configuration.capabilities.capabilities(for: owned)
        if hasLegacyAccess, let rule = configuration.legacyAccess { unlocked.formUnion(rule.capabilities) }
        ownedProductIDs = owned
        capabilities = unlocked
        isReconciled = true
        cache.save(unlocked)
        await refreshSubscriptionState()
    }

    /// Whether the signed app transaction says the customer installed before the app became paid (seed 003).
    func legacyAccess() async -> Bool {
        guard let rule = configuration.legacyAccess,
            case .verified(let app)? = try? await client.appTransaction()
        else { return false }
        return rule.applies(toOriginalAppVersion: app.originalAppVersion)
    }

    /// The state of the configured group: of its verified statuses, the one that grants the most.
    func refreshSubscriptionState() async {
        guard let group = configuration.subscriptionGroupID else { return }
        guard let statuses = try? await Product.SubscriptionInfo.status(for: group, client: client) else { return }
        subscriptionState = statuses
            .filter { if case .verified = $0.transaction { true } else { false } }
            .map { SubscriptionState($0.state) }
            .min { $0.priority < $1.priority }
    }

    /// Reads the ledger's balance.
    public func refreshBalance() async {
        guard let ledger else { return }
        if let value = try? await ledger.balance() { balance = value }
    }

    /// Spends from the consumable balance; refused when it is not enough (a negative balance after a refund
    /// must be paid back first).
    @discardableResult
    public func spend(_ amount: Int, reason: String) async -> Bool {
        guard let ledger else { return false }
        do {
            try await ledger.spend(amount, reason: reason)
        } catch {
            report(.insufficientBalance, error.code == .insufficientBalance ? "Not enough coins." : "Coins couldn't be spent right now.")
            await refreshBalance()
            return false
        }
        await refreshBalance()
        return true
    }
}
