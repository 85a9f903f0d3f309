import Foundation
import StoreStorage

/// The balance of a consumable currency (coins, credits) in SQLite, credited exactly once per transaction and
/// debited when a credited transaction is refunded.
///
/// - **Exactly once.** A credit is keyed by the transaction identifier: delivering a transaction again (an
///   unfinished transaction at the next launch, a duplicate delivery) credits nothing more.
/// - **Durable before finish.** ``credit(transactionID:productID:amount:)`` returns after the commit is on
///   disk, so the ``Store`` finishes a transaction only once its value is safe (seed 001).
/// - **Refunds.** ``reverse(transactionID:)`` takes back what the transaction credited, once. A refund that
///   arrives before the credit leaves a tombstone, so the late credit adds nothing.
/// - **Negative balances.** A refund is taken back in full even when the coins were already spent, so the
///   balance can go below zero: the customer owes the difference and cannot spend until later purchases bring
///   the balance back above zero. Nothing is clamped, so the books always add up.
///
/// ```swift
/// let ledger = try await ConsumableLedger(path: "state/coins.sqlite")
/// try await ledger.credit(transactionID: 2000000001, productID: "coins.100", amount: 100)   // true
/// try await ledger.credit(transactionID: 2000000001, productID: "coins.100", amount: 100)   // false
/// try await ledger.spend(30, reason: "hint")
/// try await ledger.balance()                                                                // 70
/// ```
public final class ConsumableLedger: Sendable {
    /// The database.
    public let database: any SQLDatabase

    /// Opens (and migrates) a ledger in a database the caller opened.
    public init(database: any SQLDatabase) async throws(LedgerError) {
        self.database = database
        do {
            try await database.migrate(Self.migrations)
        } catch {
            throw LedgerError(.storage, "The ledger's database cannot be prepared: \(error)")
        }
    }

    /// Opens (creating when missing) a ledger in the SQLite file at `path`, with full durability.
    public convenience init(path: String) async throws(LedgerError) {
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: path, configuration: .init(durability: .full))
        } catch {
            throw LedgerError(.storage, "The ledger at \(path) cannot be opened: \(error)")
        }
        try await self.init(database: database)
    }

    /// A ledger in memory, for tests and previews.
    public static func inMemory() async throws(LedgerError) -> ConsumableLedger {
        do {
            return try await ConsumableLedger(database: SQLiteDatabase.inMemory())
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.storage, "An in-memory ledger cannot be opened: \(error)")
        }
    }

    /// Closes the database once work already submitted finishes; later calls fail with
    /// ``LedgerError/Code/storage``.
    public func close() async {
        await database.close()
    }

    /// Credits `amount` for a transaction unless it was credited (or refunded) before.
    /// - Returns: Whether this call credited it.
    @discardableResult
    public func credit(transactionID: UInt64, productID: String, amount: Int) async throws(LedgerError) -> Bool {
        let changed = try await write(
            "INSERT INTO ledger_credits (transaction_id, product_id, amount, credited_at) VALUES (?, ?, ?, ?) "
                + "ON CONFLICT (transaction_id) DO NOTHING",
            [.text(String(transactionID)), .text(productID), .integer(Int64(amount)), .integer(Self.now())])
        return changed == 1
    }

    /// Takes back what a refunded transaction credited, once.
    /// - Returns: Whether this call took anything back.
    @discardableResult
    public func reverse(transactionID: UInt64) async throws(LedgerError) -> Bool {
        let id = String(transactionID)
        let now = Self.now()
        do {
            return try await database.transaction { sql in
                let reversed = try sql.execute(
                    "UPDATE ledger_credits SET reversed_at = ? WHERE transaction_id = ? AND reversed_at IS NULL",
                    [.integer(now), .text(id)])
                if reversed == 0 {
                    try sql.execute(
                        "INSERT INTO ledger_credits (transaction_id, product_id, amount, credited_at, reversed_at) "
                            + "VALUES (?, '', 0, ?, ?) ON CONFLICT (transaction_id) DO NOTHING",
                        [.text(id), .integer(now), .integer(now)])
                }
                return reversed == 1
            }
        } catch {
            throw LedgerError(.storage, "The refund of \(id) cannot be recorded: \(error)")
        }
    }

    /// Spends from the balance.
    /// - Throws: ``LedgerError/Code/insufficientBalance`` when the balance is lower than `amount`.
    public func spend(_ amount: Int, reason: String) async throws(LedgerError) {
        let now = Self.now()
        let spent: Bool
        do {
            spent = try await database.transaction { sql in
                guard try Self.balance(in: sql) >= amount else { return false }
                try sql.execute(
                    "INSERT INTO ledger_spends (amount, reason, spent_at) VALUES (?, ?, ?)",
                    [.integer(Int64(amount)), .text(reason), .integer(now)])
                return true
            }
        } catch {
            throw LedgerError(.storage, "The spending cannot be recorded: \(error)")
        }
        guard spent else { throw LedgerError(.insufficientBalance, "Not enough to spend \(amount).") }
    }

    /// Credits not taken back, minus what was spent (may be negative after refunds; see the type's notes).
    public func balance() async throws(LedgerError) -> Int {
        do {
            return try await database.transaction { sql in try Self.balance(in: sql) }
        } catch {
            throw LedgerError(.storage, "The balance cannot be read: \(error)")
        }
    }

    /// Whether a transaction was credited (and not refunded).
    public func isCredited(transactionID: UInt64) async throws(LedgerError) -> Bool {
        do {
            let row = try await database.queryFirst(
                "SELECT 1 AS credited FROM ledger_credits WHERE transaction_id = ? AND reversed_at IS NULL AND amount > 0",
                [.text(String(transactionID))])
            return row != nil
        } catch {
            throw LedgerError(.storage, "The ledger cannot be read: \(error)")
        }
    }

    private func write(_ sql: String, _ parameters: [SQLValue]) async throws(LedgerError) -> Int {
        do {
            return try await database.execute(sql, parameters)
        } catch {
            throw LedgerError(.storage, "The ledger cannot be written: \(error)")
        }
    }

    private static func balance(in sql: SQLTransaction) throws -> Int {
        let credits = try sql.queryFirst(
            "SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_credits WHERE reversed_at IS NULL")?.int64("total") ?? 0
        let spends = try sql.queryFirst("SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_spends")?.int64("total") ?? 0
        return Int(credits - spends)
    }

    private static func now() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    /// The ledger's schema.
    static let migrations = [
        Migration(version: 1, name: "consumable ledger") { dialect in
            [
                """
                CREATE TABLE ledger_credits (
                    transaction_id TEXT PRIMARY KEY, product_id TEXT NOT NULL, amount INTEGER NOT NULL,
                    credited_at INTEGER NOT NULL, reversed_at INTEGER)
                """,
                """
                CREATE TABLE ledger_spends (
                    id \(dialect.autoincrementPrimaryKey), amount INTEGER NOT NULL, reason TEXT NOT NULL,
                    spent_at INTEGER NOT NULL)
                """,
            ]
        }
    ]
}
