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

    /// Replaces an existing account's fields.
    func update(account: Account) throws(AppStoreEngineError) {
        var values = Self.values(of: account)
        values.append(values.removeFirst())
        try execute(
            """
            UPDATE accounts SET storefront = ?, storefront_id = ?, currency = ?, family_group = ?,
                device_verification_id = ?, can_make_payments = ? WHERE id = ?
            """, values)
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
        var start = ids.startIndex
        while start < ids.endIndex {
            let chunk = ids[start..<min(start + Self.lookupChunk, ids.endIndex)]
            let values = Self.padded(chunk)
            let rows = try query("SELECT * FROM accounts WHERE id IN (\(Self.placeholders(values.count)))", values)
            for row in rows { accounts.append(try Self.account(from: row)) }
            start = chunk.endIndex
        }
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
        return AppTransactionRecord(
            bundleId: bundleId, accountId: accountId, appTransactionId: try row.text("app_transaction_id"),
            originalPurchaseDate: Timestamp(milliseconds: try row.integer("original_purchase_date")),
            originalApplicationVersion: try row.text("original_application_version"))
    }

    /// The app transaction records in the app of those among `accountIds` that have one, in no particular order:
    /// one query per ``lookupChunk`` accounts.
    func appTransactionRecords(bundleId: String, accountIds: [String]) throws(AppStoreEngineError) -> [AppTransactionRecord] {
        var records: [AppTransactionRecord] = []
        var start = accountIds.startIndex
        while start < accountIds.endIndex {
            let chunk = accountIds[start..<min(start + Self.lookupChunk, accountIds.endIndex)]
            let values = Self.padded(chunk)
            let rows = try query(
                """
                SELECT * FROM app_transactions WHERE bundle_id = ?
                    AND account_id IN (\(Self.placeholders(values.count)))
                """,
                [.text(bundleId)] + values)
            for row in rows {
                records.append(AppTransactionRecord(
                    bundleId: bundleId, accountId: try row.text("account_id"),
                    appTransactionId: try row.text("app_transaction_id"),
                    originalPurchaseDate: Timestamp(milliseconds: try row.integer("original_purchase_date")),
                    originalApplicationVersion: try row.text("original_application_version")))
            }
            start = chunk.endIndex
        }
        return records
    }

    /// How many ids one `IN (…)` lookup binds; a batch reads in chunks of at most this many.
    static let lookupChunk = 256

    /// The ids as values, the last repeated up to the next power of two, so that lookups of any size use one of a
    /// few statements (each distinct text takes a place in the connection's statement cache).
    private static func padded(_ ids: ArraySlice<String>) -> [SQLValue] {
        var values = ids.map { SQLValue.text($0) }
        var size = 1
        while size < values.count { size *= 2 }
        if let last = values.last { values += repeatElement(last, count: size - values.count) }
        return values
    }

    /// `?, ?, …`: `count` placeholders for an `IN (…)` list.
    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// Inserts or replaces an app transaction row.
    func save(_ record: AppTransactionRecord) throws(AppStoreEngineError) {
        try execute(
            """
            INSERT INTO app_transactions (bundle_id, account_id, app_transaction_id, original_purchase_date,
                original_application_version) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (bundle_id, account_id) DO UPDATE SET original_purchase_date = excluded.original_purchase_date,
                original_application_version = excluded.original_application_version
            """,
            [
                .text(record.bundleId), .text(record.accountId), .text(record.appTransactionId),
                .integer(record.originalPurchaseDate.milliseconds), .text(record.originalApplicationVersion),
            ])
    }
}

