import Foundation
import StoreModel
import StoreStorage

/// Subscription chains.
extension EngineTables {
    /// A chain's columns: its identity, kept in columns to be indexed, and its compact state without it.
    private static let columns = """
        original_transaction_id, bundle_id, account_id, group_id, ownership, purchaser_id, product_id, state, \
        due_sequence, latest_transaction_id
        """

    /// Inserts or replaces a chain.
    func save(_ chain: ChainRecord) throws(AppStoreEngineError) {
        let lifecycle = chain.lifecycle
        if let storedProduct = chain.storedProductId {
            let key = try Self.key(lifecycle.originalTransactionId)
            var values: [SQLValue] = [
                .integer(Int64(lifecycle.state.status.rawValue)), SQLValue(lifecycle.dueEvent?.date.milliseconds),
                SQLValue(lifecycle.dueEvent == nil ? nil : chain.dueSequence),
                .blob(Data(Self.storedState(of: lifecycle))), SQLValue(chain.latestTransactionKey), .integer(key),
            ]
            let changed: Int
            if storedProduct == lifecycle.productId, pending.isDeferring {
                deferUpdate(of: chain, key: key, values: values)
                return
            } else if storedProduct == lifecycle.productId {
                changed = try execute(
                    """
                    UPDATE chains SET status = ?, due_at = ?, due_sequence = ?, state = ?, latest_transaction_id = ?
                    WHERE original_transaction_id = ?
                    """, values)
            } else {
                values.insert(.text(lifecycle.productId), at: 0)
                changed = try execute(
                    """
                    UPDATE chains SET product_id = ?, status = ?, due_at = ?, due_sequence = ?, state = ?,
                        latest_transaction_id = ?
                    WHERE original_transaction_id = ?
                    """, values)
            }
            if changed == 1 { return }
        }
        let values: [SQLValue] = [
                .integer(try Self.key(lifecycle.originalTransactionId)), .text(lifecycle.bundleId),
                .text(lifecycle.accountId), .text(lifecycle.subscriptionGroupIdentifier),
                .text(lifecycle.ownership.rawValue),
                SQLValue(lifecycle.purchaserOriginalTransactionId.flatMap(Self.numeric)), .text(lifecycle.productId),
                .integer(Int64(lifecycle.state.status.rawValue)), SQLValue(lifecycle.dueEvent?.date.milliseconds),
                SQLValue(lifecycle.dueEvent == nil ? nil : chain.dueSequence),
                .blob(Data(Self.storedState(of: lifecycle))), SQLValue(chain.latestTransactionKey),
            ]
        if pending.isDeferring {
            pending.newChains.append(contentsOf: values)
            return
        }
        try Self.chainUpsert.run(over: values, width: Self.chainColumnCount, in: self, flushingFirst: true)
    }

    /// The values of a row of ``chainUpsert``.
    static let chainColumnCount = 12

    /// The upsert of a chain not stored yet (or whose update found no row), for one or several rows.
    private static let chainUpsert = MultiRowStatement(
        prefix: "INSERT INTO chains (original_transaction_id, bundle_id, account_id, group_id, ownership, purchaser_id, "
            + "product_id, status, due_at, due_sequence, state, latest_transaction_id) VALUES ",
        row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        suffix: " ON CONFLICT (original_transaction_id) DO UPDATE SET product_id = excluded.product_id, "
            + "status = excluded.status, due_at = excluded.due_at, due_sequence = excluded.due_sequence, "
            + "state = excluded.state, latest_transaction_id = excluded.latest_transaction_id")

    /// ``save(_:)``'s update of a stored chain whose product did not change, for several chains: the values
    /// (original transaction ID, status, due date, due sequence, state, latest transaction ID) joined by the
    /// chain's key.
    private static let multiRowUpdate = MultiRowStatement(
        prefix: "UPDATE chains SET status = pending.column2, due_at = pending.column3, "
            + "due_sequence = pending.column4, state = pending.column5, latest_transaction_id = pending.column6 "
            + "FROM (VALUES ",
        row: "(?, ?, ?, ?, ?, ?)",
        suffix: ") AS pending WHERE chains.original_transaction_id = pending.column1")

    /// The values of a row of ``multiRowUpdate``.
    static let chainUpdateWidth = 6

    /// Holds a stored chain's update with the pending rows; a chain saved again replaces its pending values.
    /// `values` are the single update's: status, due date, due sequence, state, latest transaction ID, original
    /// transaction ID.
    private func deferUpdate(of chain: ChainRecord, key: Int64, values: [SQLValue]) {
        let width = Self.chainUpdateWidth
        let row = [values[5], values[0], values[1], values[2], values[3], values[4]]
        if let index = pending.chainRows[key] {
            pending.chains.replaceSubrange((index * width)..<(index * width + width), with: row)
            pending.chainRecords[index] = chain
        } else {
            pending.chainRows[key] = pending.chainRecords.count
            pending.chains.append(contentsOf: row)
            pending.chainRecords.append(chain)
        }
    }

    /// Writes the pending rows: the transactions, the app transaction records, the new chains, then the stored
    /// chains' updates, each as few multi-row statements.
    /// Should a pending chain no longer be stored (the operation deleted it), the chains are saved one by one,
    /// as ``save(_:)`` does without deferring.
    func flushPendingRows() throws(AppStoreEngineError) {
        guard !pending.isEmpty else { return }
        let transactions = pending.transactions
        let appTransactions = pending.appTransactions
        let newChains = pending.newChains
        let chains = pending.chains
        let records = pending.chainRecords
        let deferring = pending.isDeferring
        pending.removeAll()
        pending.isDeferring = false
        defer { pending.isDeferring = deferring }
        try Self.insertion.run(over: transactions, width: Self.transactionColumnCount, in: self)
        try Self.appTransactionUpsert.run(over: appTransactions, width: 5, in: self)
        try Self.chainUpsert.run(over: newChains, width: Self.chainColumnCount, in: self)
        if try Self.multiRowUpdate.run(over: chains, width: Self.chainUpdateWidth, in: self) != records.count {
            for var record in records {
                record.storedProductId = nil
                try save(record)
            }
        }
    }

    /// The chain with `originalTransactionId`, or `nil`.
    func chainIfPresent(_ originalTransactionId: String) throws(AppStoreEngineError) -> ChainRecord? {
        guard let key = Self.numeric(originalTransactionId),
            let row = try queryFirst("SELECT \(Self.columns) FROM chains WHERE original_transaction_id = ?", [.integer(key)])
        else { return nil }
        return try Self.chain(from: row)
    }

    /// The chain with `originalTransactionId`.
    func chain(_ originalTransactionId: String) throws(AppStoreEngineError) -> ChainRecord {
        guard let chain = try chainIfPresent(originalTransactionId) else {
            throw .subscriptionNotFound(originalTransactionId: originalTransactionId)
        }
        return chain
    }

    /// Chains matching a filter, by original transaction ID, at most `limit` of them.
    func chains(
        where condition: String, _ parameters: [SQLValue], limit: Int? = nil
    ) throws(AppStoreEngineError) -> [ChainRecord] {
        var chains: [ChainRecord] = []
        let rows = try query(
            "SELECT \(Self.columns) FROM chains WHERE \(condition) ORDER BY original_transaction_id"
                + (limit.map { " LIMIT \($0)" } ?? ""), parameters)
        for row in rows { chains.append(try Self.chain(from: row)) }
        return chains
    }

    /// Whether any chain follows a purchaser's (a family member's chain).
    func hasMemberChains() throws(AppStoreEngineError) -> Bool {
        try queryFirst("SELECT 1 AS found FROM chains WHERE purchaser_id IS NOT NULL LIMIT 1") != nil
    }

    /// The account's purchased chain in a group, if any.
    func purchasedChain(bundleId: String, accountId: String, groupId: String) throws(AppStoreEngineError) -> ChainRecord? {
        try chains(
            where: "bundle_id = ? AND account_id = ? AND group_id = ? AND ownership = ?",
            [.text(bundleId), .text(accountId), .text(groupId), .text(InAppOwnershipType.purchased.rawValue)]).first
    }

    /// The purchased chains of several accounts in an app, read in chunked `IN` lookups.
    func purchasedChains(bundleId: String, accountIds: [String]) throws(AppStoreEngineError) -> [ChainRecord] {
        var chains: [ChainRecord] = []
        let rows = try rows(
            "SELECT \(Self.columns) FROM chains WHERE bundle_id = ? AND ownership = ? AND account_id IN",
            [.text(bundleId), .text(InAppOwnershipType.purchased.rawValue)], ids: accountIds)
        for row in rows { chains.append(try Self.chain(from: row)) }
        return chains.sorted { (Self.numeric($0.lifecycle.originalTransactionId) ?? 0) < (Self.numeric($1.lifecycle.originalTransactionId) ?? 0) }
    }

    /// The account's chains in an app (purchased and family-shared), optionally in one group.
    func chains(bundleId: String, accountId: String, groupId: String? = nil) throws(AppStoreEngineError) -> [ChainRecord] {
        if let groupId {
            return try chains(
                where: "bundle_id = ? AND account_id = ? AND group_id = ?", [.text(bundleId), .text(accountId), .text(groupId)])
        }
        return try chains(where: "bundle_id = ? AND account_id = ?", [.text(bundleId), .text(accountId)])
    }

    /// The family members' chains that follow a purchaser's chain.
    func memberChains(of purchaser: String) throws(AppStoreEngineError) -> [ChainRecord] {
        guard let key = Self.numeric(purchaser) else { return [] }
        return try chains(where: "purchaser_id = ?", [.integer(key)])
    }

    /// A chain read with its owner's account and app transaction (the context its events need).
    typealias DueChain = (chain: ChainRecord, account: Account, appTransaction: AppTransactionRecord?)

    /// The first `count` chains whose due events come at or before `limit`, in firing order (due date, then
    /// scheduling order), each read with its owner's account and app transaction in the same query; optional,
    /// so that the caller can move each out of the array. `dues` holds each chain's due event, in the same order.
    func dueChains(
        atOrBefore limit: Timestamp, count: Int
    ) throws(AppStoreEngineError) -> (rows: [DueChain?], dues: [LifecycleDueEvent?]) {
        let rows = try chainsWithContext(
            "chains.due_at IS NOT NULL AND chains.due_at <= ? ORDER BY chains.due_at, chains.due_sequence LIMIT ?",
            [.integer(limit.milliseconds), .integer(Int64(count))])
        return (rows, rows.map { $0?.chain.lifecycle.dueEvent })
    }

    /// The chains with these original transaction IDs that are stored, each with its owner's account and app
    /// transaction, read in chunked `IN` lookups (in no particular order).
    func chainsWithContext(originalTransactionIds: [String]) throws(AppStoreEngineError) -> [DueChain] {
        var chains: [DueChain] = []
        for chunk in Self.lookupChunks(Set(originalTransactionIds.compactMap(Self.numeric)).map { .integer($0) }) {
            for row in try chainsWithContext("chains.original_transaction_id IN (\(chunk.placeholders))", chunk.values) {
                if let row { chains.append(row) }
            }
        }
        return chains
    }

    /// Chains matching `condition` (on `chains`, with any ordering and limit after it), each read with its owner's
    /// account and app transaction in the same query. The rows are read in place by column position: a page of due
    /// chains is read once, so it skips ``SQLRow``'s arrays of values and names.
    private func chainsWithContext(_ condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) -> [DueChain?] {
        if !pending.isEmpty { try flushPendingRows() }
        var corrupt = false
        let read: [DueChain?]
        do {
            read = try sql.map(
                """
                SELECT chains.original_transaction_id, chains.bundle_id, chains.account_id, chains.group_id,
                    chains.ownership, chains.purchaser_id, chains.product_id, chains.state, chains.due_sequence,
                    chains.latest_transaction_id,
                    accounts.storefront, accounts.storefront_id, accounts.currency, accounts.family_group,
                    accounts.device_verification_id, accounts.can_make_payments,
                    app_transactions.app_transaction_id, app_transactions.original_purchase_date,
                    app_transactions.original_application_version
                FROM chains JOIN accounts ON accounts.id = chains.account_id
                LEFT JOIN app_transactions ON app_transactions.bundle_id = chains.bundle_id
                    AND app_transactions.account_id = chains.account_id
                WHERE \(condition)
                """, parameters
            ) { row throws(StorageError) -> DueChain? in
                let identity = try Self.identity(row)
                guard let lifecycle = try row.withOptionalBytes(7, { bytes in
                    bytes.flatMap { SubscriptionLifecycle(compactState: [UInt8]($0), identity: identity) }
                }) else {
                    corrupt = true
                    return nil
                }
                let chain = ChainRecord(
                    lifecycle: lifecycle, dueSequence: try row.optionalInt64(8), storedProductId: lifecycle.productId,
                    latestTransactionKey: try row.optionalInt64(9))
                let account = Account(
                    id: identity.accountId,
                    storefront: Storefront(countryCode: try row.string(10), id: try row.string(11), currency: try row.string(12)),
                    familyGroup: try row.optionalString(13), deviceVerificationId: try row.string(14),
                    canMakePayments: try row.int64(15) != 0)
                var appTransaction: AppTransactionRecord?
                if let id = try row.optionalString(16) {
                    appTransaction = AppTransactionRecord(
                        bundleId: lifecycle.bundleId, accountId: lifecycle.accountId, appTransactionId: id,
                        originalPurchaseDate: Timestamp(milliseconds: try row.int64(17)),
                        originalApplicationVersion: try row.string(18))
                }
                return (chain, account, appTransaction)
            }
        } catch {
            throw .storage(error.description)
        }
        guard !corrupt else { throw .corruptState("a subscription chain's stored state is not in the compact format") }
        return read
    }

    /// The earliest due date of any chain.
    func earliestChainDueDate() throws(AppStoreEngineError) -> Timestamp? {
        try queryFirst("SELECT MIN(due_at) AS due FROM chains WHERE due_at IS NOT NULL")?
            .optionalInteger("due").map(Timestamp.init(milliseconds:))
    }

    /// Deletes chains matching a filter.
    func deleteChains(where condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) {
        try execute("DELETE FROM chains WHERE \(condition)", parameters)
    }

    static func chain(from row: SQLRow) throws(AppStoreEngineError) -> ChainRecord {
        let bytes = try row.bytes("state")
        let identity: SubscriptionLifecycle.Identity
        do {
            identity = SubscriptionLifecycle.Identity(
                originalTransactionId: String(try row.int64("original_transaction_id")), accountId: try row.string("account_id"),
                bundleId: try row.string("bundle_id"), subscriptionGroupIdentifier: try row.string("group_id"),
                ownership: InAppOwnershipType(rawValue: try row.string("ownership")),
                purchaserOriginalTransactionId: try row.optionalInt64("purchaser_id").map { String($0) },
                productId: try row.string("product_id"))
        } catch {
            throw .storage(error.description)
        }
        guard let lifecycle = SubscriptionLifecycle(compactState: bytes, identity: identity) else {
            throw .corruptState("a subscription chain's stored state is not in the compact format")
        }
        return ChainRecord(
            lifecycle: lifecycle, dueSequence: try row.optionalInteger("due_sequence"), storedProductId: lifecycle.productId,
            latestTransactionKey: try row.optionalInteger("latest_transaction_id"))
    }

    /// A chain's `state` column: its compact state without the identity its other columns hold, unless those
    /// columns cannot spell it back (an original transaction ID that is not a number's canonical spelling, whose
    /// integer column would lose it), when the state holds the identity too.
    static func storedState(of lifecycle: SubscriptionLifecycle) -> [UInt8] {
        let spelledBack = { (id: String) in numeric(id).map { String($0) == id } ?? false }
        guard spelledBack(lifecycle.originalTransactionId),
            lifecycle.purchaserOriginalTransactionId.map(spelledBack) ?? true
        else { return lifecycle.compactRepresentation }
        return lifecycle.compactState
    }

    /// The identity a chain row keeps in its columns, read by position from a row selected with ``columns`` first.
    private static func identity(_ row: SQLColumns) throws(StorageError) -> SubscriptionLifecycle.Identity {
        SubscriptionLifecycle.Identity(
            originalTransactionId: String(try row.int64(0)), accountId: try row.string(2), bundleId: try row.string(1),
            subscriptionGroupIdentifier: try row.string(3), ownership: InAppOwnershipType(rawValue: try row.string(4)),
            purchaserOriginalTransactionId: try row.optionalInt64(5).map { String($0) }, productId: try row.string(6))
    }

    /// Forgets a chain's due event (a safety net for an event that changed nothing).
    func clearDueEvent(of originalTransactionId: String) throws(AppStoreEngineError) {
        try execute(
            "UPDATE chains SET due_at = NULL, due_sequence = NULL WHERE original_transaction_id = ?",
            [.integer(try Self.key(originalTransactionId))])
    }
}
