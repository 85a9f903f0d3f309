import StoreStorage

/// Rows a batch of purchases writes together: new transactions, app transaction records and chains (`INSERT`s)
/// and the stored chains' `UPDATE`s, held while ``isDeferring`` and written as multi-row statements by
/// ``EngineTables/flushPendingRows()``.
///
/// Any other statement on the same ``EngineTables`` writes them first, so every read in the operation (a
/// transaction by ID, a chain, an account's chains) sees them, and statements run in the same order relative to
/// everything but each other: the pending rows of one table are written in order, and the tables are written in
/// an order no read can tell apart (transactions, app transaction records, new chains, then chain updates). They
/// are part of the storage transaction like any statement: a rollback drops them, a commit keeps them.
///
/// Due events do not use it: writing their transactions and chain updates this way did not lower their CPU time
/// measurably (docs/BENCHMARKS.md, sixth round).
final class PendingRows {
    /// Whether ``EngineTables/insert(_:announcement:)`` and ``EngineTables/save(_:)`` hold rows here instead of
    /// writing them at once.
    var isDeferring = false {
        didSet { if isDeferring { mayHoldRows = true } }
    }
    /// Whether rows may be waiting: rows are only held while deferring, so this is false from the last
    /// ``removeAll()`` outside a deferral until deferring starts again. Every statement asks ``isEmpty`` first;
    /// answered from this flag alone, an operation that never defers (a month's renewals) does not look at the
    /// four arrays, each look a run-time exclusivity check on this class's storage.
    private var mayHoldRows = false
    /// The pending transactions' values, ``EngineTables/transactionColumnCount`` a row, in insertion order.
    var transactions: [SQLValue] = []
    /// The pending app transaction records' values (bundle, account, ID, original purchase date, original
    /// application version), inserted or replaced in order, as a single save does.
    var appTransactions: [SQLValue] = []
    /// The pending new chains' values, ``EngineTables/chainColumnCount`` a row, inserted or replaced in order, as
    /// a single save of a chain not stored yet does.
    var newChains: [SQLValue] = []
    /// The pending chains' update values (original transaction ID, status, due date, due sequence, state, latest
    /// transaction ID), a row per chain: a chain saved again replaces its row.
    var chains: [SQLValue] = []
    /// The pending chains, in the order of ``chains``, for the rare fallback to one statement each.
    var chainRecords: [ChainRecord] = []
    /// Where each pending chain's row is, by original transaction ID.
    var chainRows: [Int64: Int] = [:]

    /// Whether rows are waiting.
    var isEmpty: Bool {
        !mayHoldRows || (transactions.isEmpty && chains.isEmpty && appTransactions.isEmpty && newChains.isEmpty)
    }

    /// Forgets the rows (after writing them).
    func removeAll() {
        mayHoldRows = isDeferring
        transactions.removeAll(keepingCapacity: true)
        appTransactions.removeAll(keepingCapacity: true)
        newChains.removeAll(keepingCapacity: true)
        chains.removeAll(keepingCapacity: true)
        chainRecords.removeAll(keepingCapacity: true)
        chainRows.removeAll(keepingCapacity: true)
    }
}

/// A statement for a number of rows: the same prefix, one values group per row, and an optional suffix. Built
/// once per size, for sizes that are powers of two up to ``largest``, so that a table's writes use a handful of
/// prepared statements whatever the number of rows.
struct MultiRowStatement: Sendable {
    /// The statement for 1, 2, 4, … ``largest`` rows, by the size's binary logarithm.
    private let statements: [String]
    /// The most rows one statement takes.
    static let largest = 64

    init(prefix: String, row: String, suffix: String = "") {
        var statements: [String] = []
        var size = 1
        while size <= Self.largest {
            statements.append(prefix + Array(repeating: row, count: size).joined(separator: ", ") + suffix)
            size *= 2
        }
        self.statements = statements
    }

    /// Runs the statement over `values` (`width` values a row) in as few statements as the sizes allow, and
    /// returns the number of rows they changed. `flushingFirst` writes the pending rows before (for a row written
    /// at once, as any statement does); without it the statement runs as part of writing them.
    @discardableResult
    func run(
        over values: [SQLValue], width: Int, in tables: EngineTables, flushingFirst: Bool = false
    ) throws(AppStoreEngineError) -> Int {
        if flushingFirst, !tables.pending.isEmpty { try tables.flushPendingRows() }
        var changed = 0
        var start = 0
        let rows = values.count / width
        var remaining = rows
        while remaining > 0 {
            var level = statements.count - 1
            while (1 << level) > remaining { level -= 1 }
            let count = 1 << level
            // One statement for all the rows takes the values as they are, without copying them.
            let parameters = count == rows ? values : Array(values[(start * width)..<((start + count) * width)])
            changed += try tables.executeDirectly(statements[level], parameters)
            start += count
            remaining -= count
        }
        return changed
    }
}
