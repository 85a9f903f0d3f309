import Foundation

/// One result row: column names and values, read by name with typed readers.
///
/// ```swift
/// for row in try await database.query("SELECT id, product_id, revoked_at FROM purchases WHERE user_id = ?", [user]) {
///     let id = try row.int64("id")
///     let productID = try row.string("product_id")
///     let revokedAt = try row.optionalInt64("revoked_at")
/// }
/// ```
///
/// A name matches its column exactly first, then ignoring case, because PostgreSQL folds unquoted names to lower
/// case and SQLite keeps them as written.
public struct SQLRow: Sendable, Hashable {
    /// The column names, in select-list order.
    public let columns: [String]
    /// The values, one per column.
    public let values: [SQLValue]
    /// Where the row came from, for error messages.
    let database: String

    /// Creates a row, as a fake database or a test would; the arrays must have the same length.
    public init(columns: [String], values: [SQLValue]) {
        self.init(columns: columns, values: values, database: "a result row")
    }

    init(columns: [String], values: [SQLValue], database: String) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.columns = columns
        self.values = values
        self.database = database
    }

    /// Rows are equal when their columns and values are, wherever they came from.
    public static func == (lhs: SQLRow, rhs: SQLRow) -> Bool {
        lhs.columns == rhs.columns && lhs.values == rhs.values
    }

    /// Hashes the columns and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
        hasher.combine(values)
    }

    /// The value of the named column, or `nil` when the row has no such column.
    public subscript(column: String) -> SQLValue? {
        index(of: column).map { values[$0] }
    }

    /// The value of the named column.
    /// - Throws: ``StorageError/Code/missingColumn`` naming the column and the columns the row has.
    public func value(_ column: String) throws(StorageError) -> SQLValue {
        guard let index = index(of: column) else {
            let available = columns.map { "'\($0)'" }.joined(separator: ", ")
            throw StorageError(
                .missingColumn,
                reason: "The row has no column '\(column)'; its columns are \(available). "
                    + "Add the column to the SELECT list, or alias it with AS \(column).",
                database: database)
        }
        return values[index]
    }

    private func index(of column: String) -> Int? {
        // Names of another length are passed over without comparing their bytes: a row of a dozen columns read
        // by name compares each name against most of the others.
        let length = column.utf8.count
        for (index, name) in columns.enumerated() where name.utf8.count == length && name == column { return index }
        return columns.firstIndex { $0.caseInsensitiveCompare(column) == .orderedSame }
    }

    /// A ``StorageError/Code/typeMismatch`` for a column that holds `found` where a reader expected `expected`.
    func mismatch(_ column: String, expected: String, found: SQLValue) -> StorageError {
        let hint =
            switch found {
            case .null: "Read it with the optional reader, or select COALESCE(\(column), …)."
            case .integer: "Read it with row.int64(\"\(column)\"), or CAST it in the query."
            case .real: "Read it with row.double(\"\(column)\"), or CAST it in the query."
            case .text: "Read it with row.string(\"\(column)\"), or CAST it in the query."
            case .blob, .bytes: "Read it with row.data(\"\(column)\")."
            case .array: "Arrays are parameters only."
            }
        return StorageError(
            .typeMismatch,
            reason: "Column '\(column)' holds \(found.typeName) \(found), expected \(expected). \(hint)",
            database: database)
    }
}
