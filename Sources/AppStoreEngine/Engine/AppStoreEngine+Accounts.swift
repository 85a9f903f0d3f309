import StoreModel

/// Accounts and app transactions.
extension AppStoreEngine {
    /// Creates an account.
    /// - Throws: ``AppStoreEngineError/alreadyExists(_:)`` when the id is taken.
    @discardableResult
    public func createAccount(_ account: Account) async throws(AppStoreEngineError) -> Account {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.tables.insert(account: account)
            if let family = account.familyGroup {
                scope.invalidateAccount(account.id)
                try scope.joinFamily(accountId: account.id, group: family)
            }
            return account
        }
    }

    /// The account.
    public func account(_ id: String) async throws(AppStoreEngineError) -> Account {
        try await read { tables throws(AppStoreEngineError) in try tables.account(id) }
    }

    /// Every account, by id.
    public func accounts() async throws(AppStoreEngineError) -> [Account] {
        try await read { tables throws(AppStoreEngineError) in try tables.accounts() }
    }

    /// Changes an account's storefront (later transactions use it) or whether it may make payments.
    @discardableResult
    public func updateAccount(
        _ id: String, storefront: Storefront? = nil, canMakePayments: Bool? = nil
    ) async throws(AppStoreEngineError) -> Account {
        try await perform { scope throws(AppStoreEngineError) in
            var account = try scope.account(id)
            if let storefront { account.storefront = storefront }
            if let canMakePayments { account.canMakePayments = canMakePayments }
            try scope.tables.update(account: account)
            scope.invalidateAccount(id)
            return account
        }
    }

    /// The account's app transaction in an app, signed now. The first request (or first purchase) is the app's
    /// "download": `originalPurchaseDate` is that moment. The simulated `appTransaction` error applies.
    public func appTransaction(bundleId: String, accountId: String) async throws(AppStoreEngineError) -> SignedAppTransaction {
        try checkSimulatedError(for: .appTransaction, bundleId: bundleId)
        return try await perform { scope throws(AppStoreEngineError) in
            let app = try scope.app(bundleId)
            _ = try scope.account(accountId)
            let record = try scope.appTransactionRecord(app: app, accountId: accountId)
            return try scope.signedAppTransaction(record, app: app)
        }
    }

    /// Sets the version the account first downloaded (`originalApplicationVersion`), for "bought before version N
    /// keeps Pro" checks; optionally when that was.
    @discardableResult
    public func setOriginalApplicationVersion(
        _ version: String, originalPurchaseDate: Timestamp? = nil, bundleId: String, accountId: String
    ) async throws(AppStoreEngineError) -> SignedAppTransaction {
        try await perform { scope throws(AppStoreEngineError) in
            let app = try scope.app(bundleId)
            _ = try scope.account(accountId)
            var record = try scope.appTransactionRecord(app: app, accountId: accountId)
            record.originalApplicationVersion = version
            if let originalPurchaseDate { record.originalPurchaseDate = originalPurchaseDate }
            try scope.save(record)
            return try scope.signedAppTransaction(record, app: app)
        }
    }

    /// Runs a read-only body in one storage transaction, after catching up on due events.
    func read<T: Sendable>(
        _ body: @escaping @Sendable (EngineTables) throws(AppStoreEngineError) -> T
    ) async throws(AppStoreEngineError) -> T {
        try await perform { scope throws(AppStoreEngineError) in try body(scope.tables) }
    }
}

extension OperationScope {
    /// The app transaction signed now, for the account's device.
    func signedAppTransaction(_ record: AppTransactionRecord, app: RegisteredApp) throws(AppStoreEngineError) -> SignedAppTransaction {
        let (verification, nonce) = try deviceVerification(for: record.accountId)
        let payload = AppTransaction(
            receiptType: app.environment, appAppleId: app.payloadAppAppleId, bundleId: app.bundleId,
            applicationVersion: app.bundleVersion, receiptCreationDate: signingDate,
            originalPurchaseDate: record.originalPurchaseDate,
            originalApplicationVersion: record.originalApplicationVersion, deviceVerification: verification,
            deviceVerificationNonce: nonce, appTransactionId: record.appTransactionId, originalPlatform: app.originalPlatform)
        return SignedAppTransaction(
            jws: try environment.signer.sign(PayloadJSON.appTransaction(payload)), payload: payload)
    }
}
