public import Foundation

/// Typed readers. Each throws ``StorageError/Code/missingColumn`` or ``StorageError/Code/typeMismatch`` naming
/// the column; the `optional…` variants return `nil` for `NULL`.
extension SQLRow {
    /// The column as an `Int64`.
    public func int64(_ column: String) throws(StorageError) -> Int64 {
        guard let value = try optionalInt64(column) else { throw mismatch(column, expected: "integer", found: .null) }
        return value
    }

    /// The column as an `Int64`, or `nil` for `NULL`.
    public func optionalInt64(_ column: String) throws(StorageError) -> Int64? {
        switch try value(column) {
        case .null: return nil
        case .integer(let value): return value
        case let other: throw mismatch(column, expected: "integer", found: other)
        }
    }

    /// The column as an `Int`.
    public func int(_ column: String) throws(StorageError) -> Int { Int(try int64(column)) }

    /// The column as an `Int`, or `nil` for `NULL`.
    public func optionalInt(_ column: String) throws(StorageError) -> Int? { try optionalInt64(column).map { Int($0) } }

    /// The column as a `Bool`: 0 is `false`, any other integer `true`.
    public func bool(_ column: String) throws(StorageError) -> Bool { try int64(column) != 0 }

    /// The column as a `Bool`, or `nil` for `NULL`.
    public func optionalBool(_ column: String) throws(StorageError) -> Bool? { try optionalInt64(column).map { $0 != 0 } }

    /// The column as a `Double`; integers convert, since SQLite stores whole numbers in untyped columns as integers.
    public func double(_ column: String) throws(StorageError) -> Double {
        guard let value = try optionalDouble(column) else { throw mismatch(column, expected: "real", found: .null) }
        return value
    }

    /// The column as a `Double`, or `nil` for `NULL`.
    public func optionalDouble(_ column: String) throws(StorageError) -> Double? {
        switch try value(column) {
        case .null: return nil
        case .real(let value): return value
        case .integer(let value): return Double(value)
        case let other: throw mismatch(column, expected: "real", found: other)
        }
    }

    /// The column as a `String`.
    public func string(_ column: String) throws(StorageError) -> String {
        guard let value = try optionalString(column) else { throw mismatch(column, expected: "text", found: .null) }
        return value
    }

    /// The column as a `String`, or `nil` for `NULL`.
    public func optionalString(_ column: String) throws(StorageError) -> String? {
        switch try value(column) {
        case .null: return nil
        case .text(let value): return value
        case let other: throw mismatch(column, expected: "text", found: other)
        }
    }

    /// The column as `Data`.
    public func data(_ column: String) throws(StorageError) -> Data {
        guard let value = try optionalData(column) else { throw mismatch(column, expected: "blob", found: .null) }
        return value
    }

    /// The column as `Data`, or `nil` for `NULL`.
    public func optionalData(_ column: String) throws(StorageError) -> Data? {
        switch try value(column) {
        case .null: return nil
        case .blob(let value): return value
        case .bytes(let value): return Data(value)
        case let other: throw mismatch(column, expected: "blob", found: other)
        }
    }
}
