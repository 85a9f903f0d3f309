import StoreModel
import StoreStorage

/// Accounts and their app transactions.
extension EngineTables {
    /// Inserts an account; throws when the id exists.
    func insert(account: Account) throws(AppStoreEngineError) {
        let inserted = try execute(
            """
            INSERT INTO accounts (id, storefront, storefront_id, currency, family_group, device_verification_id,
                can_make_payments) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """, Self.values(of: account))
        guard inserted == 1 else { throw .alreadyExists("Account \"\(account.id)\"") }
    }

    /// Replaces an existing account's fields, and the storefront its chains keep (``ChainOwner``).
    func update(account: Account) throws(AppStoreEngineError) {
        var values = Self.values(of: account)
        values.append(values.removeFirst())
        try execute(
            """
            UPDATE accounts SET storefront = ?, storefront_id = ?, currency = ?, family_group = ?,
                device_verification_id = ?, can_make_payments = ? WHERE id = ?
            """, values)
        // Every chain is of a registered app, so the lookup goes through the chains' index by app and account.
        try execute(
            """
            UPDATE chains SET storefront = ?, storefront_id = ?, currency = ?
            WHERE bundle_id IN (SELECT bundle_id FROM apps) AND account_id = ?
            """,
            [.text(account.storefront.countryCode), .text(account.storefront.id), .text(account.storefront.currency),
             .text(account.id)])
    }

    private static func values(of account: Account) -> [SQLValue] {
        [
            .text(account.id), .text(account.storefront.countryCode), .text(account.storefront.id),
            .text(account.storefront.currency), SQLValue(account.familyGroup), .text(account.deviceVerificationId),
            SQLValue(account.canMakePayments),
        ]
    }

    /// The account with `id`.
    func account(_ id: String) throws(AppStoreEngineError) -> Account {
        guard let row = try queryFirst("SELECT * FROM accounts WHERE id = ?", [.text(id)]) else {
            throw .accountNotFound(accountId: id)
        }
        return try Self.account(from: row)
    }

    /// The accounts among `ids` that exist, in no particular order: one query per ``lookupChunk`` ids.
    func accounts(ids: [String]) throws(AppStoreEngineError) -> [Account] {
        var accounts: [Account] = []
        accounts.reserveCapacity(ids.count)
        for row in try rows("SELECT * FROM accounts WHERE id IN", ids: ids) { accounts.append(try Self.account(from: row)) }
        return accounts
    }

    /// Every account, by id.
    func accounts(inFamily group: String? = nil) throws(AppStoreEngineError) -> [Account] {
        let rows: [SQLRow]
        if let group {
            rows = try query("SELECT * FROM accounts WHERE family_group = ? ORDER BY id", [.text(group)])
        } else {
            rows = try query("SELECT * FROM accounts ORDER BY id")
        }
        var accounts: [Account] = []
        for row in rows { accounts.append(try Self.account(from: row)) }
        return accounts
    }

    static func account(from row: SQLRow) throws(AppStoreEngineError) -> Account {
        Account(
            id: try row.text("id"),
            storefront: Storefront(
                countryCode: try row.text("storefront"), id: try row.text("storefront_id"),
                currency: try row.text("currency")),
            familyGroup: try row.optionalText("family_group"),
            deviceVerificationId: try row.text("device_verification_id"),
            canMakePayments: try row.integer("can_make_payments") != 0)
    }

    /// The app transaction row of an account in an app.
    func appTransactionRecord(bundleId: String, accountId: String) throws(AppStoreEngineError) -> AppTransactionRecord? {
        guard let row = try queryFirst(
            "SELECT * FROM app_transactions WHERE bundle_id = ? AND account_id = ?", [.text(bundleId), .text(accountId)])
        else { return nil }
        return try Self.appTransactionRecord(from: row, bundleId: bundleId)
    }

    /// The app transaction records in the app of those among `accountIds` that have one, in no particular order:
    /// one query per ``lookupChunk`` accounts.
    func appTransactionRecords(bundleId: String, accountIds: [String]) throws(AppStoreEngineError) -> [AppTransactionRecord] {
        var records: [AppTransactionRecord] = []
        for row in try rows("SELECT * FROM app_transactions WHERE bundle_id = ? AND account_id IN", [.text(bundleId)], ids: accountIds) {
            records.append(try Self.appTransactionRecord(from: row, bundleId: bundleId))
        }
        return records
    }

    private static func appTransactionRecord(from row: SQLRow, bundleId: String) throws(AppStoreEngineError) -> AppTransactionRecord {
        AppTransactionRecord(
            bundleId: bundleId, accountId: try row.text("account_id"), appTransactionId: try row.text("app_transaction_id"),
            originalPurchaseDate: Timestamp(milliseconds: try row.integer("original_purchase_date")),
            originalApplicationVersion: try row.text("original_application_version"))
    }

    /// The upsert of app transaction rows, for one or several rows.
    static let appTransactionUpsert = MultiRowStatement(
        prefix: "INSERT INTO app_transactions (bundle_id, account_id, app_transaction_id, original_purchase_date, "
            + "original_application_version) VALUES ",
        row: "(?, ?, ?, ?, ?)",
        suffix: " ON CONFLICT (bundle_id, account_id) DO UPDATE SET original_purchase_date = "
            + "excluded.original_purchase_date, original_application_version = excluded.original_application_version")

    /// Inserts or replaces an app transaction row (while ``PendingRows/isDeferring``, with the pending rows).
    func save(_ record: AppTransactionRecord) throws(AppStoreEngineError) {
        let values: [SQLValue] = [
            .text(record.bundleId), .text(record.accountId), .text(record.appTransactionId),
            .integer(record.originalPurchaseDate.milliseconds), .text(record.originalApplicationVersion),
        ]
        if pending.isDeferring {
            pending.appTransactions.append(contentsOf: values)
            return
        }
        try Self.appTransactionUpsert.run(over: values, width: 5, in: self, flushingFirst: true)
    }
}

