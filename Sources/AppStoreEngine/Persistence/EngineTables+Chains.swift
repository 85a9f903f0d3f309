import Foundation
import StoreModel
import StoreStorage

/// Subscription chains.
extension EngineTables {
    /// A chain's columns: its identity, kept in columns to be indexed, its compact state without it, and what its
    /// events need of its owner (``ChainOwner``). ``chain(at:)`` reads them by position.
    private static let columns = """
        original_transaction_id, bundle_id, account_id, group_id, ownership, purchaser_id, product_id, state, \
        due_sequence, latest_transaction_id, storefront, storefront_id, currency, app_transaction_id, due_at
        """

    /// Inserts or replaces a chain.
    func save(_ chain: ChainRecord) throws(AppStoreEngineError) {
        let lifecycle = chain.lifecycle
        if let storedProduct = chain.storedProductId {
            let key = try Self.key(lifecycle.originalTransactionId)
            var values: [SQLValue] = [
                .integer(Int64(lifecycle.state.status.rawValue)), SQLValue(lifecycle.dueEvent?.date.milliseconds),
                SQLValue(lifecycle.dueEvent == nil ? nil : chain.dueSequence),
                .bytes(Self.storedState(of: lifecycle)), SQLValue(chain.latestTransactionKey), .integer(key),
            ]
            let changed: Int
            if storedProduct == lifecycle.productId, pending.isDeferring {
                deferUpdate(of: chain, key: key, values: values)
                return
            } else if storedProduct == lifecycle.productId, chain.storedDue == chain.dueColumns {
                changed = try execute(
                    "UPDATE chains SET status = ?, state = ?, latest_transaction_id = ? WHERE original_transaction_id = ?",
                    [values[0], values[3], values[4], values[5]])
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
                .bytes(Self.storedState(of: lifecycle)), SQLValue(chain.latestTransactionKey),
                SQLValue(chain.owner?.storefront.countryCode), SQLValue(chain.owner?.storefront.id),
                SQLValue(chain.owner?.storefront.currency), SQLValue(chain.owner?.appTransactionId),
            ]
        if pending.isDeferring {
            pending.newChains.append(contentsOf: values)
            return
        }
        try Self.chainUpsert.run(over: values, width: Self.chainColumnCount, in: self, flushingFirst: true)
    }

    /// The values of a row of ``chainUpsert``.
    static let chainColumnCount = 16

    /// The upsert of a chain not stored yet (or whose update found no row), for one or several rows. A chain
    /// written without its owner's columns keeps those it had.
    private static let chainUpsert = MultiRowStatement(
        prefix: "INSERT INTO chains (original_transaction_id, bundle_id, account_id, group_id, ownership, purchaser_id, "
            + "product_id, status, due_at, due_sequence, state, latest_transaction_id, storefront, storefront_id, "
            + "currency, app_transaction_id) VALUES ",
        row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        suffix: " ON CONFLICT (original_transaction_id) DO UPDATE SET product_id = excluded.product_id, "
            + "status = excluded.status, due_at = excluded.due_at, due_sequence = excluded.due_sequence, "
            + "state = excluded.state, latest_transaction_id = excluded.latest_transaction_id, "
            + "storefront = COALESCE(excluded.storefront, chains.storefront), "
            + "storefront_id = COALESCE(excluded.storefront_id, chains.storefront_id), "
            + "currency = COALESCE(excluded.currency, chains.currency), "
            + "app_transaction_id = COALESCE(excluded.app_transaction_id, chains.app_transaction_id)")

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
        guard let key = Self.numeric(originalTransactionId) else { return nil }
        return try chains(matching: "original_transaction_id = ?", [.integer(key)]).first ?? nil
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
        try chains(
            matching: "\(condition) ORDER BY original_transaction_id" + (limit.map { " LIMIT \($0)" } ?? ""), parameters
        ).compactMap { $0 }
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
        for chunk in Self.lookupChunks(accountIds.map { .text($0) }) {
            chains += try self.chains(
                matching: "bundle_id = ? AND ownership = ? AND account_id IN (\(chunk.placeholders))",
                [.text(bundleId), .text(InAppOwnershipType.purchased.rawValue)] + chunk.values
            ).compactMap { $0 }
        }
        // In original transaction ID order (a stable sort). The keys are read once and the records moved into place
        // once: sorting the records themselves moved each several times, copying its strings each time.
        let keys = chains.map { Self.numeric($0.lifecycle.originalTransactionId) ?? 0 }
        let order = chains.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        var slots = chains.map(Optional.some)
        chains.removeAll()
        return order.compactMap { slots[$0].take() }
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

    /// Up to `count` chains whose due event is at or before `limit`, earliest first (ties in scheduling order);
    /// optional, so that the caller can move each out of the array. `dues` holds each chain's due event, in the same
    /// order.
    func dueChains(
        atOrBefore limit: Timestamp, count: Int
    ) throws(AppStoreEngineError) -> (rows: [ChainRecord?], dues: [LifecycleDueEvent?]) {
        let rows = try chains(
            matching: "due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, due_sequence LIMIT ?",
            [.integer(limit.milliseconds), .integer(Int64(count))])
        return (rows, rows.map { $0?.lifecycle.dueEvent })
    }

    /// The chains with these original transaction IDs that are stored, read in chunked `IN` lookups (in no
    /// particular order).
    func chains(originalTransactionIds: [String]) throws(AppStoreEngineError) -> [ChainRecord] {
        var chains: [ChainRecord] = []
        for chunk in Self.lookupChunks(Set(originalTransactionIds.compactMap(Self.numeric)).map { .integer($0) }) {
            for row in try self.chains(matching: "original_transaction_id IN (\(chunk.placeholders))", chunk.values) {
                if let row { chains.append(row) }
            }
        }
        return chains
    }

    /// Chains matching `condition` (with any ordering and limit after it). The rows are read in place by column
    /// position: a page of due chains is read once, so it skips ``SQLRow``'s arrays of values and names.
    private func chains(matching condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) -> [ChainRecord?] {
        if !pending.isEmpty { try flushPendingRows() }
        var corrupt = false
        var repeated = RepeatedChainText()
        let read: [ChainRecord?]
        do {
            read = try sql.map("SELECT \(Self.columns) FROM chains WHERE \(condition)", parameters) {
                row throws(StorageError) -> ChainRecord? in
                guard let chain = try Self.chain(at: row, repeated: &repeated) else {
                    corrupt = true
                    return nil
                }
                return chain
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

    /// A chain's `state` column: its compact state without the identity its other columns hold, unless those
    /// columns cannot spell it back (an original transaction ID that is not a number's canonical spelling, whose
    /// integer column would lose it), when the state holds the identity too.
    static func storedState(of lifecycle: SubscriptionLifecycle) -> [UInt8] {
        guard DecimalDigits.isCanonical(lifecycle.originalTransactionId),
            lifecycle.purchaserOriginalTransactionId.map(DecimalDigits.isCanonical) ?? true
        else { return lifecycle.compactRepresentation }
        return lifecycle.compactState
    }

    /// The text columns that repeat from one chain to the next (most chains share an app, a group and a product),
    /// as the last row read them: an equal value is reused rather than made again.
    private struct RepeatedChainText {
        var bundleId: String?
        var groupId: String?
        var ownership: String?
        var productId: String?
    }

    /// The chain in a row selected with ``columns``, read by position; `nil` when its state is not in a compact
    /// format.
    private static func chain(at row: SQLColumns, repeated: inout RepeatedChainText) throws(StorageError) -> ChainRecord? {
        let bundleId = try row.string(1, reusing: repeated.bundleId)
        let groupId = try row.string(3, reusing: repeated.groupId)
        let ownership = try row.string(4, reusing: repeated.ownership)
        let productId = try row.string(6, reusing: repeated.productId)
        repeated = RepeatedChainText(bundleId: bundleId, groupId: groupId, ownership: ownership, productId: productId)
        let identity = SubscriptionLifecycle.Identity(
            originalTransactionId: String(try row.int64(0)), accountId: try row.string(2), bundleId: bundleId,
            subscriptionGroupIdentifier: groupId, ownership: InAppOwnershipType(rawValue: ownership),
            purchaserOriginalTransactionId: try row.optionalInt64(5).map { String($0) }, productId: productId)
        // The identity and the lifecycle are moved, not copied, into what is returned: a copy retains each of
        // their strings, and the original's end releases them again.
        guard let state = try row.withOptionalBytes(7, { $0.map { [UInt8]($0) } }),
            let lifecycle = SubscriptionLifecycle.decoded(compactState: state, identity: identity)
        else { return nil }
        let storedProductId = lifecycle.productId
        var owner: ChainOwner?
        if let country = try row.optionalString(10), let id = try row.optionalString(11),
            let currency = try row.optionalString(12)
        {
            owner = ChainOwner(
                storefront: Storefront(countryCode: country, id: id, currency: currency),
                appTransactionId: try row.optionalString(13))
        }
        let dueSequence = try row.optionalInt64(8)
        return ChainRecord(
            lifecycle: consume lifecycle, dueSequence: dueSequence, storedProductId: storedProductId,
            latestTransactionKey: try row.optionalInt64(9), owner: owner,
            storedDue: ChainRecord.DueColumns(date: try row.optionalInt64(14), sequence: dueSequence))
    }

    /// Forgets a chain's due event (a safety net for an event that changed nothing).
    func clearDueEvent(of originalTransactionId: String) throws(AppStoreEngineError) {
        try execute(
            "UPDATE chains SET due_at = NULL, due_sequence = NULL WHERE original_transaction_id = ?",
            [.integer(try Self.key(originalTransactionId))])
    }
}
