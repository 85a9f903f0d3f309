import Foundation
import StoreModel
import StoreStorage

/// Transactions.
extension EngineTables {
    private static let columns = """
        transaction_id, bundle_id, account_id, product_id, product_type, original_transaction_id, purchase_date,
        finished, revoked, family_source, payload
        """

    /// The values of a row of ``insertion``.
    static let transactionColumnCount = 14

    /// The `INSERT` of ``insert(_:announcement:)`` (every renewal runs it) and of ``flushPendingRows()``, for one or
    /// several rows, built once.
    static let insertion = MultiRowStatement(
        prefix: "INSERT INTO transactions (\(columns), announced_sequence, announced_at, previous_transaction_id) VALUES ",
        row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

    /// Inserts a transaction, with its announcement in the updates feed (sequence and date) when it has one.
    /// A subscription chain's transaction names the chain's transaction stored before it (`previousInChain`, 0
    /// for the chain's first; see ``ChainRecord/latestTransactionKey``); every other transaction passes `nil`
    /// and goes into the account index. While ``PendingRows/isDeferring``, the row waits to be written with
    /// the others.
    func insert(
        _ transaction: StoredTransaction, announcement: (sequence: Int64, date: Timestamp)? = nil,
        previousInChain: Int64? = nil
    ) throws(AppStoreEngineError) {
        if pending.isDeferring {
            try Self.appendValues(
                of: transaction, announcement: announcement, previousInChain: previousInChain, to: &pending.transactions)
            return
        }
        var values: [SQLValue] = []
        values.reserveCapacity(Self.transactionColumnCount)
        try Self.appendValues(of: transaction, announcement: announcement, previousInChain: previousInChain, to: &values)
        try Self.insertion.run(over: values, width: Self.transactionColumnCount, in: self, flushingFirst: true)
    }

    /// Appends the values of a row of ``insertion`` for a transaction.
    private static func appendValues(
        of transaction: StoredTransaction, announcement: (sequence: Int64, date: Timestamp)?, previousInChain: Int64?,
        to values: inout [SQLValue]
    ) throws(AppStoreEngineError) {
        values.append(.integer(try key(transaction.id)))
        values.append(.text(transaction.bundleId))
        values.append(.text(transaction.accountId))
        values.append(.text(transaction.productId))
        values.append(.text(transaction.productType.rawValue))
        values.append(.integer(try key(transaction.originalTransactionId)))
        values.append(.integer(transaction.purchaseDate.milliseconds))
        values.append(SQLValue(transaction.isFinished))
        values.append(SQLValue(transaction.isRevoked))
        values.append(SQLValue(transaction.familySource.flatMap(numeric)))
        values.append(storedPayload(of: transaction))
        values.append(SQLValue(announcement?.sequence))
        values.append(SQLValue(announcement?.date.milliseconds))
        values.append(SQLValue(previousInChain))
    }

    /// A transaction's payload as stored: the stored form it was written with, else its JSON coded.
    private static func storedPayload(of transaction: StoredTransaction) -> SQLValue {
        transaction.storedForm.map { .bytes($0) } ?? .payload(transaction.json)
    }

    /// Replaces a transaction's payload (and the columns derived from it), after keeping its previous JSON for
    /// the notifications raised before `sequence`, the next outbox sequence number (``keepVersions(before:where:_:)``).
    func update(_ transaction: StoredTransaction, notifiedBefore sequence: Int64) throws(AppStoreEngineError) {
        try keepVersions(before: sequence, where: "transaction_id = ?", [.integer(try Self.key(transaction.id))])
        try execute(
            "UPDATE transactions SET payload = ?, revoked = ?, purchase_date = ? WHERE transaction_id = ?",
            [
                Self.storedPayload(of: transaction), SQLValue(transaction.isRevoked),
                .integer(transaction.purchaseDate.milliseconds), .integer(try Self.key(transaction.id)),
            ])
    }

    /// Marks a transaction finished.
    func markFinished(_ id: String) throws(AppStoreEngineError) -> Bool {
        try execute(
            "UPDATE transactions SET finished = 1 WHERE transaction_id = ?", [.integer(try Self.key(id))]) == 1
    }

    /// The transaction with `id`.
    func transaction(_ id: String) throws(AppStoreEngineError) -> StoredTransaction {
        guard let key = Self.numeric(id),
            let row = try queryFirst("SELECT \(Self.columns) FROM transactions WHERE transaction_id = ?", [.integer(key)])
        else { throw .transactionNotFound(transactionId: id) }
        return try Self.transaction(from: row)
    }

    /// The stored transactions among `ids`, in no particular order: one query per ``lookupChunk`` IDs.
    func transactions(ids: [String]) throws(AppStoreEngineError) -> [StoredTransaction] {
        var result: [StoredTransaction] = []
        for chunk in Self.lookupChunks(Set(ids.compactMap(Self.numeric)).map { .integer($0) }) {
            result += try transactions(
                "SELECT \(Self.columns) FROM transactions WHERE transaction_id IN (\(chunk.placeholders))", chunk.values)
        }
        return result
    }

    /// Transactions matching a filter, oldest first.
    func transactions(where condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) -> [StoredTransaction] {
        try transactions(
            "SELECT \(Self.columns) FROM transactions WHERE \(condition) ORDER BY purchase_date, transaction_id", parameters)
    }

    /// The transactions a query reads, in its order.
    private func transactions(_ statement: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) -> [StoredTransaction] {
        var result: [StoredTransaction] = []
        for row in try query(statement, parameters) { result.append(try Self.transaction(from: row)) }
        return result
    }

    /// An account's transactions in an app, oldest first, those matching `condition` (on `transactions`) when
    /// given.
    func transactions(
        bundleId: String, accountId: String, matching condition: String? = nil, _ parameters: [SQLValue] = []
    ) throws(AppStoreEngineError) -> [StoredTransaction] {
        try transactions(
            Self.selection(Self.ownedByAccount, matching: condition),
            [.text(bundleId), .text(accountId), .text(bundleId), .text(accountId)] + parameters)
    }

    /// The transactions of a chain (or the one transaction of a one-time purchase), oldest first.
    func transactions(originalTransactionId: String) throws(AppStoreEngineError) -> [StoredTransaction] {
        guard let key = Self.numeric(originalTransactionId) else { return [] }
        return try transactions(Self.selection(Self.chainOrPurchase), [.integer(key), .integer(key)])
    }

    /// The query of the transactions ``owned(chains:others:)`` lists (matching `condition` when given), oldest
    /// first. `owned` leads the join: SQLite would otherwise be free to scan the whole table against it.
    private static func selection(_ owned: String, matching condition: String? = nil) -> String {
        """
        WITH RECURSIVE \(owned)
        SELECT \(qualifiedColumns) FROM owned CROSS JOIN transactions
        WHERE transactions.transaction_id = owned.transaction_id\(condition.map { " AND \($0)" } ?? "")
        ORDER BY transactions.purchase_date, transactions.transaction_id
        """
    }

    /// ``columns`` qualified by their table, for joins.
    private static let qualifiedColumns = columns.split(separator: ",")
        .map { "transactions.\($0.trimmingCharacters(in: .whitespacesAndNewlines))" }.joined(separator: ", ")

    /// Common table expressions (after `WITH RECURSIVE`) ending in `owned(transaction_id)`: the transactions of
    /// the chains matching `chains` (a condition on `chains`), found by walking back from each chain's latest
    /// transaction, and the transactions outside chains matching `others` (a condition on `transactions`),
    /// found through the account index. The parameters of `chains` come first.
    static func owned(chains: String, others: String) -> String {
        """
        linked(transaction_id) AS (
            SELECT latest_transaction_id FROM chains WHERE \(chains) AND latest_transaction_id IS NOT NULL
            UNION ALL
            SELECT transactions.previous_transaction_id FROM linked
            JOIN transactions ON transactions.transaction_id = linked.transaction_id
            WHERE transactions.previous_transaction_id <> 0
        ),
        owned(transaction_id) AS (
            SELECT transaction_id FROM linked
            UNION ALL
            SELECT transaction_id FROM transactions WHERE \(others) AND previous_transaction_id IS NULL
        )
        """
    }

    /// ``owned(chains:others:)`` for an account in an app, given twice as (bundle ID, account ID).
    static let ownedByAccount = owned(chains: "bundle_id = ? AND account_id = ?", others: "bundle_id = ? AND account_id = ?")

    /// ``owned(chains:others:)`` for one original transaction ID, given twice: the chain's transactions, or else
    /// the one-time purchase with that ID.
    static let chainOrPurchase = owned(chains: "original_transaction_id = ?", others: "transaction_id = ?")

    /// Family members' copies of a one-time purchase.
    func familyCopies(of transactionId: String) throws(AppStoreEngineError) -> [StoredTransaction] {
        guard let key = Self.numeric(transactionId) else { return [] }
        return try transactions(where: "family_source = ?", [.integer(key)])
    }

    /// Deletes a chain's transactions (or a one-time purchase) and their updates, after keeping their JSON for
    /// the notifications raised about them (``keepVersions(before:where:_:)``).
    func deleteTransactions(originalTransactionId key: Int64) throws(AppStoreEngineError) {
        let rows = try query(
            "WITH RECURSIVE \(Self.chainOrPurchase) SELECT transaction_id FROM owned", [.integer(key), .integer(key)])
        var ids: [Int64] = []
        for row in rows { ids.append(try row.integer("transaction_id")) }
        guard !ids.isEmpty else { return }
        let list = ids.map(String.init).joined(separator: ", ")
        try keepVersions(before: Self.finalVersion, where: "transaction_id IN (\(list))", [])
        try execute("DELETE FROM updates WHERE transaction_id IN (\(list))")
        try deleteTransactions(where: "transaction_id IN (\(list))", [])
    }

    /// Deletes transactions matching a filter.
    func deleteTransactions(where condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) {
        try execute("DELETE FROM transactions WHERE \(condition)", parameters)
    }

    static func transaction(from row: SQLRow) throws(AppStoreEngineError) -> StoredTransaction {
        StoredTransaction(
            id: String(try row.integer("transaction_id")), bundleId: try row.text("bundle_id"),
            accountId: try row.text("account_id"), productId: try row.text("product_id"),
            productType: ProductType(rawValue: try row.text("product_type")),
            originalTransactionId: String(try row.integer("original_transaction_id")),
            purchaseDate: Timestamp(milliseconds: try row.integer("purchase_date")),
            isFinished: try row.integer("finished") != 0, isRevoked: try row.integer("revoked") != 0,
            familySource: try row.optionalInteger("family_source").map(String.init), json: try row.payload("payload"))
    }

    /// A numeric identifier the engine generated, as stored.
    static func key(_ id: String) throws(AppStoreEngineError) -> Int64 {
        guard let key = numeric(id) else { throw .transactionNotFound(transactionId: id) }
        return key
    }
}
