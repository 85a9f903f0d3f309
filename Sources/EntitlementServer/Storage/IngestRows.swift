import StoreModel
import StoreStorage

/// The changes of a batch of writes (``IngestGroup``) as columns, one array per column (sent in the binary format,
/// ``PostgreSQLArray``, so neither side quotes or parses the stored JSON), and the one PostgreSQL
/// statement that makes them: a multi-row `INSERT … SELECT` per table from its arrays (``RowSource``). Its text is
/// one of two for any number of writes, so each is prepared once per connection.
///
/// Each write's statements (``StateWriter/Changes``) are taken apart by their text, which the writers expose, so
/// the single-write and the batched paths store the same values. Writes of one transaction or chain leave one row
/// for it, as their statements one after another would leave the stored row: the transaction's latest planned
/// version, and for each chain register the latest that advanced.
///
/// A row the batch's snapshot proves absent — a notification, owner link or ledger entry it did not find, a
/// transaction or chain it did not find and no earlier write of the batch made — is a plain `INSERT`: the snapshot
/// was read under the locks every writer of those rows takes, so nothing else can have made it since, and
/// PostgreSQL skips the speculative insertion `ON CONFLICT` costs (a look-up in the key's index before the insert,
/// and a second WAL record after it). Only the rows that may exist keep their `ON CONFLICT`: stored transactions
/// and chains (upserts), events (which other notifications can have made) and account versions. Should a row
/// conflict anyway, the statement fails, and the batch rolls back and runs each write alone (``WriteGroup``), whose
/// statements have their `ON CONFLICT` clauses, so the outcome is the same.
struct IngestRows {
    /// A statement a write planned that has no multi-row form here; the batch then runs each write alone.
    struct Unbatchable: Error, CustomStringConvertible {
        let sql: String
        var description: String { "no multi-row form for the statement \(sql.prefix(60))…" }
    }

    /// Rows laid out by column, each column of one element type.
    private struct Columns {
        let types: [PostgreSQLArray.Element]
        var values: [[SQLValue]]
        /// The rows each column makes room for at its first row, so that a batch's appends do not reallocate the
        /// columns as they grow (a table the batch leaves empty allocates nothing).
        var expectedRows = 0
        init(_ types: [PostgreSQLArray.Element]) {
            self.types = types
            values = Array(repeating: [], count: types.count)
        }
        var isEmpty: Bool { values[0].isEmpty }
        var count: Int { values[0].count }
        mutating func append(_ row: some Collection<SQLValue>) {
            precondition(row.count == values.count, "a row of \(row.count) values for \(values.count) columns")
            if values[0].isEmpty, expectedRows > 1 {
                for index in values.indices { values[index].reserveCapacity(expectedRows) }
            }
            for (index, value) in zip(values.indices, row) { values[index].append(value) }
        }
        /// Replaces the values of `columns` in row `row` with those of `values`.
        mutating func replace(row: Int, columns: Range<Int>, with values: [SQLValue]) {
            for column in columns { self.values[column][row] = values[column] }
        }
        /// Each column as one array parameter, in the binary format.
        var parameters: [SQLValue] { zip(values, types).map { .array(PostgreSQLArray($0, of: $1)) } }
    }

    private var notifications = Columns(notificationTypes)
    /// Transactions and chains the batch's snapshot did not find (``new``), and those it found (``stored``).
    private var transactions = (new: Columns(transactionTypes), stored: Columns(transactionTypes))
    private var chains = (new: Columns(chainTypes), stored: Columns(chainTypes))
    private var owners = Columns(ownerTypes)
    private var audits = Columns(auditTypes)
    private var ledger = Columns(ledgerTypes)
    private var events = Columns(eventTypes)
    private var eventIds: Set<String> = []
    /// The row of each transaction and each chain in ``transactions`` and ``chains``, and whether it is new: a later
    /// write of the same one changes that row, as a second statement would change the stored one.
    private var transactionRows: [String: (isNew: Bool, index: Int)] = [:]
    private var chainRows: [String: (isNew: Bool, index: Int)] = [:]
    private var accounts: [String] = []
    private var bumps: [String: (count: Int64, at: Int64)] = [:]

    /// Rows for a batch of `writes` writes. Each table's columns make room for a row per write at their first row
    /// (most writes add at most one row to a table).
    init(writes: Int) {
        for table in [\Self.notifications, \.transactions.new, \.transactions.stored, \.chains.new, \.chains.stored, \.events] {
            self[keyPath: table].expectedRows = writes
        }
        accounts.reserveCapacity(writes)
    }

    /// Whether no write changes anything.
    var isEmpty: Bool {
        notifications.isEmpty && transactions.new.isEmpty && transactions.stored.isEmpty && chains.new.isEmpty
            && chains.stored.isEmpty && owners.isEmpty && audits.isEmpty && ledger.isEmpty && events.isEmpty && accounts.isEmpty
    }

    /// Adds one write's changes, planned at `now`.
    /// - Throws: ``Unbatchable`` for a statement without a multi-row form.
    mutating func add(_ changes: StateWriter.Changes, now: Timestamp) throws {
        for statement in changes.writes {
            switch statement.sql {
            case TransactionRegister.insertSQL, TransactionRegister.updateSQL:
                guard let row = changes.transactionRow, case .text(let id) = row[0] else { throw Unbatchable(sql: statement.sql) }
                if let (isNew, index) = transactionRows[id] {
                    if isNew {
                        transactions.new.replace(row: index, columns: 0..<row.count, with: row)
                    } else {
                        transactions.stored.replace(row: index, columns: 0..<row.count, with: row)
                    }
                } else if statement.sql == TransactionRegister.insertSQL {
                    transactionRows[id] = (true, transactions.new.count)
                    transactions.new.append(row)
                } else {
                    transactionRows[id] = (false, transactions.stored.count)
                    transactions.stored.append(row)
                }
            case OwnershipWriter.ownerSQL:
                owners.append(statement.parameters)
            case OwnershipWriter.auditSQL:
                audits.append(statement.parameters)
            case LedgerWriter.entrySQL:
                ledger.append(statement.parameters)
            default:
                guard statement.sql == ChainRegisters.insertSQL || statement.sql.hasPrefix("UPDATE ent_chains "),
                    let row = changes.chainRow, case .text(let chain) = row[0]
                else { throw Unbatchable(sql: statement.sql) }
                if let (isNew, index) = chainRows[chain] {
                    // A register that advanced again replaces what the row holds for it; a NULL keeps it.
                    for columns in [3..<6, 6..<9] where row[columns.lowerBound] != .null {
                        if isNew {
                            chains.new.replace(row: index, columns: columns, with: row)
                        } else {
                            chains.stored.replace(row: index, columns: columns, with: row)
                        }
                    }
                } else if statement.sql == ChainRegisters.insertSQL {
                    chainRows[chain] = (true, chains.new.count)
                    chains.new.append(row)
                } else {
                    chainRows[chain] = (false, chains.stored.count)
                    chains.stored.append(row)
                }
            }
        }
        for event in changes.events where eventIds.insert(event.id).inserted {
            events.append(EventWriter.inserting(event).parameters + [.integer(now.milliseconds)])
        }
        if let record = changes.record {
            guard record.sql == StateWriter.recordSQL else { throw Unbatchable(sql: record.sql) }
            notifications.append(record.parameters)
        }
        for account in changes.bumps {
            if let bump = bumps[account] {
                bumps[account] = (bump.count + 1, now.milliseconds)
            } else {
                accounts.append(account)
                bumps[account] = (1, now.milliseconds)
            }
        }
    }

    /// The one statement that makes every change, given the webhook endpoints each new event is queued for; it
    /// returns a row (`event_id`) per event that was new.
    func statement(endpoints: [String]) -> SQLStatement {
        var parameters: [SQLValue] = []
        parameters += notifications.parameters
        parameters += transactions.new.parameters
        parameters += transactions.stored.parameters
        parameters += chains.new.parameters
        parameters += chains.stored.parameters
        parameters += owners.parameters
        parameters += audits.parameters
        parameters += ledger.parameters
        parameters += events.parameters
        parameters.append(.array(PostgreSQLArray(texts: endpoints)))
        parameters.append(.array(PostgreSQLArray(texts: accounts)))
        parameters.append(.array(PostgreSQLArray(bigints: accounts.map { bumps[$0]!.count })))
        parameters.append(.array(PostgreSQLArray(bigints: accounts.map { bumps[$0]!.at })))
        let rows = [
            notifications.count, transactions.new.count, transactions.stored.count, chains.new.count,
            chains.stored.count, owners.count, audits.count, ledger.count, events.count, accounts.count,
        ].max() ?? 0
        return SQLStatement(rows <= Self.subscriptedRowLimit ? Self.texts.subscripted : Self.texts.unnested, parameters)
    }

    /// How the statement turns a table's column arrays back into rows.
    ///
    /// `unnest(a, b, …)` with several arrays is a function scan of one function per array, and PostgreSQL
    /// materializes each function's result in a tuple store of its own: about eighty per batch, each with its
    /// allocations, whatever the number of rows. A batch of a few dozen writes spends more on those than on its rows,
    /// so it unnests one array per table (`WITH ORDINALITY`) and reads the other columns by subscript. A subscript of
    /// an array of variable-width elements walks the array from its start, so reading a column that way costs the
    /// square of its length: past ``subscriptedRowLimit`` rows a batch unnests every array. (The rows come from
    /// `unnest`, not `generate_subscripts`: `unnest`'s estimate for an array parameter keeps PostgreSQL on the
    /// statement's generic plan, where `generate_subscripts`' made it plan the statement again at every execution.)
    private enum RowSource {
        case unnested, subscripted
    }

    /// The most rows of one table a batch reads by subscript (``RowSource/subscripted``).
    static let subscriptedRowLimit = 64

    /// The rows of the arrays of `types` (one placeholder each, in order) as a table named `alias`.
    private static func rows(_ types: [PostgreSQLArray.Element], as alias: String = "u", from source: RowSource) -> String {
        let casts = types.map { "CAST(? AS \($0.sqlName)[])" }
        switch source {
        case .unnested:
            return "unnest(" + casts.joined(separator: ", ") + ") AS \(alias)"
        case .subscripted:
            let columns = casts.indices.map { "c\($0)" }
            let arrays = zip(casts, columns).map { "\($0) AS \($1)" }.joined(separator: ", ")
            let values = (["first.value"] + columns.dropFirst().map { "a.\($0)[first.i]" }).joined(separator: ", ")
            return "(SELECT \(values) FROM (SELECT \(arrays)) AS a, unnest(a.c0) WITH ORDINALITY AS first (value, i)) AS \(alias)"
        }
    }

    // The element types of each table's columns, in the order of its rows' values.
    private static let notificationTypes: [PostgreSQLArray.Element] = [
        .text, .text, .text, .bigint, .text, .text, .text, .text, .text, .integer, .bigint,
    ]
    private static let transactionTypes: [PostgreSQLArray.Element] = [
        .text, .text, .text, .text, .text, .text, .bigint, .bigint, .bigint, .integer, .bigint, .text, .text, .bigint, .text,
    ]
    private static let chainTypes: [PostgreSQLArray.Element] = [.text, .text, .text, .integer, .bigint, .text, .text, .bigint, .text]
    private static let ownerTypes: [PostgreSQLArray.Element] = [.text, .text, .text, .bigint]
    private static let auditTypes: [PostgreSQLArray.Element] = [.bigint, .text, .text, .text, .text, .text, .text]
    private static let ledgerTypes: [PostgreSQLArray.Element] = [.text, .text, .text, .text, .bigint, .text, .bigint]
    private static let eventTypes: [PostgreSQLArray.Element] = [.text, .text, .text, .bigint, .text, .bigint]

    private static let texts = (unnested: text(from: .unnested), subscripted: text(from: .subscripted))

    private static func text(from source: RowSource) -> String {
        """
        WITH notifications AS (
            INSERT INTO ent_notifications (notification_uuid, notification_type, subtype, signed_date,
                original_transaction_id, transaction_id, environment, bundle_id, source, applied, received_at)
            SELECT * FROM \(rows(notificationTypes, from: source))),
        new_transactions AS (
            INSERT INTO ent_transactions (transaction_id, original_transaction_id, bundle_id, environment,
                product_id, product_type, purchase_date, expires_date, revocation_date, is_upgraded, quantity,
                ownership_type, app_account_token, signed_date, payload)
            SELECT * FROM \(rows(transactionTypes, from: source))),
        stored_transactions AS (
            INSERT INTO ent_transactions AS stored (transaction_id, original_transaction_id, bundle_id, environment,
                product_id, product_type, purchase_date, expires_date, revocation_date, is_upgraded, quantity,
                ownership_type, app_account_token, signed_date, payload)
            SELECT * FROM \(rows(transactionTypes, from: source))
            ON CONFLICT (transaction_id) DO UPDATE SET original_transaction_id = excluded.original_transaction_id,
                bundle_id = excluded.bundle_id, environment = excluded.environment, product_id = excluded.product_id,
                product_type = excluded.product_type, purchase_date = excluded.purchase_date,
                expires_date = excluded.expires_date, revocation_date = excluded.revocation_date,
                is_upgraded = excluded.is_upgraded, quantity = excluded.quantity, ownership_type = excluded.ownership_type,
                app_account_token = excluded.app_account_token, signed_date = excluded.signed_date,
                payload = excluded.payload),
        new_chains AS (
            INSERT INTO ent_chains (original_transaction_id, bundle_id, environment, status, status_signed_date,
                status_tiebreak, renewal_payload, renewal_signed_date, renewal_tiebreak)
            SELECT * FROM \(rows(chainTypes, from: source))),
        stored_chains AS (
            INSERT INTO ent_chains AS stored (original_transaction_id, bundle_id, environment, status, status_signed_date,
                status_tiebreak, renewal_payload, renewal_signed_date, renewal_tiebreak)
            SELECT * FROM \(rows(chainTypes, from: source))
            ON CONFLICT (original_transaction_id) DO UPDATE SET
                status = COALESCE(excluded.status, stored.status),
                status_signed_date = CASE WHEN excluded.status IS NULL THEN stored.status_signed_date
                    ELSE excluded.status_signed_date END,
                status_tiebreak = CASE WHEN excluded.status IS NULL THEN stored.status_tiebreak
                    ELSE excluded.status_tiebreak END,
                renewal_payload = COALESCE(excluded.renewal_payload, stored.renewal_payload),
                renewal_signed_date = CASE WHEN excluded.renewal_payload IS NULL THEN stored.renewal_signed_date
                    ELSE excluded.renewal_signed_date END,
                renewal_tiebreak = CASE WHEN excluded.renewal_payload IS NULL THEN stored.renewal_tiebreak
                    ELSE excluded.renewal_tiebreak END),
        owners AS (
            INSERT INTO ent_owners (original_transaction_id, account_id, role, since)
            SELECT * FROM \(rows(ownerTypes, from: source))),
        audits AS (
            INSERT INTO ent_ownership_audit (at, original_transaction_id, account_id, previous_owner, policy, decision, evidence)
            SELECT * FROM \(rows(auditTypes, from: source))),
        ledger AS (
            INSERT INTO ent_ledger (entry_id, account_id, transaction_id, original_transaction_id, currency, amount, kind, at)
            SELECT u.entry, NULL, u.id, u.chain, u.currency, u.amount, u.kind, u.at
            FROM \(rows(ledgerTypes, as: "u (entry, id, chain, currency, amount, kind, at)", from: source))),
        event_rows AS (
            SELECT * FROM \(rows(eventTypes, as: "u (event_id, kind, chain, occurred_at, payload, next_attempt_at)", from: source))),
        events AS (
            INSERT INTO ent_events (event_id, kind, original_transaction_id, occurred_at, payload)
            SELECT event_id, kind, chain, occurred_at, payload FROM event_rows
            ON CONFLICT (event_id) DO NOTHING RETURNING event_id),
        outbox AS (
            INSERT INTO ent_outbox (event_id, endpoint, next_attempt_at, attempts)
            SELECT events.event_id, endpoint.name, event_rows.next_attempt_at, 0
            FROM events JOIN event_rows ON event_rows.event_id = events.event_id
            CROSS JOIN unnest(CAST(? AS TEXT[])) AS endpoint (name)),
        accounts AS (
            INSERT INTO ent_accounts (account_id, version, updated_at)
            SELECT * FROM \(rows([.text, .bigint, .bigint], from: source))
            ON CONFLICT (account_id) DO UPDATE SET version = ent_accounts.version + excluded.version,
                updated_at = excluded.updated_at)
        SELECT event_id FROM events
        """
    }
}
