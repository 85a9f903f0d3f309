import StoreModel

/// Get Transaction Info without the actor hop or a new signature when nothing changed (``ServerReadCache``).
extension AppStoreEngine {
    /// How long a signed server transaction may be served again unchanged: its `signedDate` may be up to this
    /// much older than the moment of the answer. A real App Store signs each answer anew; clients do not compare
    /// `signedDate` to the time of their request, so one second keeps answers indistinguishable in practice
    /// while sparing a signature per request under load.
    public static let signedTransactionReuseWindow: Duration = .seconds(1)

    /// The bundle IDs of the registered apps, read without waiting for the actor.
    public nonisolated var registeredBundleIds: Set<String> { readCache.bundleIds }

    /// The transaction ``serverTransaction(_:)`` signed earlier, when the store did not change since, no event fell
    /// due, and its `signedDate` is at most ``signedTransactionReuseWindow`` old on the engine's clock; `nil`
    /// otherwise. It does not wait for the actor: a server answers from here on its polling thread.
    public nonisolated func cachedServerTransaction(_ transactionId: String) -> ServerTransaction? {
        readCache.transaction(transactionId, now: clock.now)
    }

    /// A transaction by its ID, signed now for the server (no device verification), with its customer; kept for
    /// ``cachedServerTransaction(_:)``.
    /// - Throws: ``AppStoreEngineError/transactionNotFound(transactionId:)`` for an unknown ID.
    public func serverTransaction(_ transactionId: String) async throws(AppStoreEngineError) -> ServerTransaction {
        try await exclusively { () async throws(AppStoreEngineError) -> ServerTransaction in
            try await catchUp()
            let environment = self.environment
            let instant = clock.now
            let served = try await transaction { tables throws(AppStoreEngineError) -> ServerTransaction in
                let scope = try OperationScope(tables: tables, environment: environment, now: instant)
                let stored = try scope.storedTransaction(transactionId)
                let signed = try scope.signed(stored)
                try scope.commit()
                return ServerTransaction(customer: Customer(bundleId: stored.bundleId, accountId: stored.accountId), signed: signed)
            }
            // Every write runs exclusively, as this does: the version now read is the one the answer reflects.
            if let dueHint, let signedDate = served.signed.payload.signedDate {
                let windowEnd = signedDate.adding(Self.signedTransactionReuseWindow)
                readCache.store(served, id: transactionId, version: readCache.version, validUntil: min(windowEnd, dueHint))
            }
            return served
        }
    }
}
