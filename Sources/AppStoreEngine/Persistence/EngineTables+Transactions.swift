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
    static let transactionColumnCount = 13

    /// The `INSERT` of ``insert(_:announcement:)`` (every renewal runs it) and of ``flushPendingRows()``, for one or
    /// several rows, built once.
    static let insertion = MultiRowStatement(
        prefix: "INSERT INTO transactions (\(columns), announced_sequence, announced_at) VALUES ",
        row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

    /// Inserts a transaction, with its announcement in the updates feed (sequence and date) when it has one.
    /// While ``PendingRows/isDeferring``, the row waits to be written with the others.
    func insert(_ transaction: StoredTransaction, announcement: (sequence: Int64, date: Timestamp)? = nil) throws(AppStoreEngineError) {
        if pending.isDeferring {
            try Self.appendValues(of: transaction, announcement: announcement, to: &pending.transactions)
            return
        }
        var values: [SQLValue] = []
        values.reserveCapacity(Self.transactionColumnCount)
        try Self.appendValues(of: transaction, announcement: announcement, to: &values)
        try Self.insertion.run(over: values, width: Self.transactionColumnCount, in: self, flushingFirst: true)
    }

    /// Appends the values of a row of ``insertion`` for a transaction.
    private static func appendValues(
        of transaction: StoredTransaction, announcement: (sequence: Int64, date: Timestamp)?, to values: inout [SQLValue]
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
        values.append(.blob(.init(transaction.json)))
        values.append(SQLValue(announcement?.sequence))
        values.append(SQLValue(announcement?.date.milliseconds))
    }

    /// Replaces a transaction's payload (and the columns derived from it), after putting its previous JSON into
    /// the notifications that refer to it.
    func update(_ transaction: StoredTransaction) throws(AppStoreEngineError) {
        try resolveTransactionReferences(where: "outbox.transaction_id = ?", [.integer(try Self.key(transaction.id))])
        try execute(
            "UPDATE transactions SET payload = ?, revoked = ?, purchase_date = ? WHERE transaction_id = ?",
            [
                .blob(.init(transaction.json)), SQLValue(transaction.isRevoked),
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

    /// Transactions matching a filter, oldest first.
    func transactions(where condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) -> [StoredTransaction] {
        var result: [StoredTransaction] = []
        let rows = try query(
            "SELECT \(Self.columns) FROM transactions WHERE \(condition) ORDER BY purchase_date, transaction_id",
            parameters)
        for row in rows { result.append(try Self.transaction(from: row)) }
        return result
    }

    /// An account's transactions in an app, oldest first.
    func transactions(bundleId: String, accountId: String) throws(AppStoreEngineError) -> [StoredTransaction] {
        try transactions(where: "bundle_id = ? AND account_id = ?", [.text(bundleId), .text(accountId)])
    }

    /// The transactions of a chain (or the one transaction of a one-time purchase), oldest first.
    func transactions(originalTransactionId: String) throws(AppStoreEngineError) -> [StoredTransaction] {
        guard let key = Self.numeric(originalTransactionId), let chain = try chainFilter(key) else { return [] }
        return try transactions(where: chain.condition, chain.parameters)
    }

    /// A filter on the transactions of a chain (or a one-time purchase) through its owner's account, the only
    /// index on transactions besides their ID: the chain's row names the owner, or else the original
    /// transaction's row. `nil` when neither exists (nothing is stored under that ID).
    func chainFilter(_ key: Int64) throws(AppStoreEngineError) -> (condition: String, parameters: [SQLValue])? {
        let owner = try queryFirst(
            """
            SELECT bundle_id, account_id FROM chains WHERE original_transaction_id = ?
            UNION ALL SELECT bundle_id, account_id FROM transactions WHERE transaction_id = ?
            """, [.integer(key), .integer(key)])
        guard let owner else { return nil }
        return (
            "bundle_id = ? AND account_id = ? AND original_transaction_id = ?",
            [.text(try owner.text("bundle_id")), .text(try owner.text("account_id")), .integer(key)]
        )
    }

    /// Family members' copies of a one-time purchase.
    func familyCopies(of transactionId: String) throws(AppStoreEngineError) -> [StoredTransaction] {
        guard let key = Self.numeric(transactionId) else { return [] }
        return try transactions(where: "family_source = ?", [.integer(key)])
    }

    /// Deletes a chain's transactions (or a one-time purchase) and their updates, after putting their JSON into
    /// the notifications that refer to them.
    func deleteTransactions(originalTransactionId key: Int64) throws(AppStoreEngineError) {
        guard let chain = try chainFilter(key) else { return }
        let ids = "SELECT transaction_id FROM transactions WHERE \(chain.condition)"
        try resolveTransactionReferences(where: "outbox.transaction_id IN (\(ids))", chain.parameters)
        try execute("DELETE FROM updates WHERE transaction_id IN (\(ids))", chain.parameters)
        try deleteTransactions(where: chain.condition, chain.parameters)
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
            familySource: try row.optionalInteger("family_source").map(String.init), json: try row.bytes("payload"))
    }

    /// A numeric identifier the engine generated, as stored.
    static func key(_ id: String) throws(AppStoreEngineError) -> Int64 {
        guard let key = numeric(id) else { throw .transactionNotFound(transactionId: id) }
        return key
    }
}
