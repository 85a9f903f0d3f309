public import Foundation

/// One value bound to a `?` placeholder or read from a result column, in the five storage classes both
/// backends share.
///
/// Literals convert directly, so parameters read like the values they carry:
/// `[42, "com.example.pro", nil, 1.5, .blob(signature)]`. `true` and `false` become the integers 1 and 0,
/// which is how flags are stored on both backends.
public enum SQLValue: Sendable {
    /// SQL `NULL`.
    case null
    /// A signed 64-bit integer (`INTEGER` on SQLite, `BIGINT`/`INTEGER`/`SMALLINT`/`BOOLEAN` on PostgreSQL).
    case integer(Int64)
    /// A double-precision float (`REAL` on SQLite, `DOUBLE PRECISION`/`REAL` on PostgreSQL).
    case real(Double)
    /// UTF-8 text. PostgreSQL rejects the NUL character in text; SQLite keeps it.
    case text(String)
    /// Raw bytes (`BLOB` on SQLite, `BYTEA` on PostgreSQL).
    case blob(Data)
    /// Raw bytes held in an array, a parameter only: bound as ``blob(_:)`` is, without first copying them into a
    /// `Data`. It equals (and hashes as) the ``blob(_:)`` of the same bytes, and rows read back hold ``blob(_:)``.
    case bytes([UInt8])
    /// A PostgreSQL array, a parameter only: a whole column of rows for one multi-row statement. SQLite refuses it,
    /// and no row read from either store holds one.
    case array(PostgreSQLArray)
}

extension SQLValue {
    /// A value from an `Int`.
    public init(_ value: Int) { self = .integer(Int64(value)) }
    /// A value from a `Bool`, stored as 1 or 0.
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    /// An integer, or `NULL` for `nil`.
    public init(_ value: Int64?) { self = value.map(SQLValue.integer) ?? .null }
    /// An integer, or `NULL` for `nil`.
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// A float, or `NULL` for `nil`.
    public init(_ value: Double?) { self = value.map(SQLValue.real) ?? .null }
    /// Text, or `NULL` for `nil`.
    public init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
    /// Bytes, or `NULL` for `nil`.
    public init(_ value: Data?) { self = value.map(SQLValue.blob) ?? .null }

    /// Whether this is `NULL`.
    public var isNull: Bool { self == .null }

    /// The storage class's name as error messages use it: `integer`, `real`, `text`, `blob`, `array` or `null`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob, .bytes: "blob"
        case .array: "array"
        }
    }
}

extension SQLValue: Hashable {
    /// Values of the same storage class and content are equal: ``bytes(_:)`` equals the ``blob(_:)`` of the same
    /// bytes.
    public static func == (left: SQLValue, right: SQLValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.blob(let a), .blob(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.blob(let a), .bytes(let b)), (.bytes(let b), .blob(let a)): a.elementsEqual(b)
        case (.array(let a), .array(let b)): a == b
        default: false
        }
    }

    /// Hashes the storage class and the content, as ``==`` compares them: ``bytes(_:)`` as the ``blob(_:)`` of the
    /// same bytes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .integer(let value): hasher.combine(1); hasher.combine(value)
        case .real(let value): hasher.combine(2); hasher.combine(value)
        case .text(let value): hasher.combine(3); hasher.combine(value)
        case .blob(let value): hasher.combine(4); value.withUnsafeBytes { hasher.combine(bytes: $0) }
        case .bytes(let value): hasher.combine(4); value.withUnsafeBytes { hasher.combine(bytes: $0) }
        case .array(let value): hasher.combine(5); hasher.combine(value)
        }
    }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// `nil` is `NULL`.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An integer literal is `.integer`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    /// A float literal is `.real`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// A string literal is `.text`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByStringInterpolation {
    /// An interpolated string literal is `.text`.
    public init(stringInterpolation: DefaultStringInterpolation) { self = .text(String(stringInterpolation: stringInterpolation)) }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    /// `true` is the integer 1 and `false` the integer 0.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue: CustomStringConvertible {
    /// A short rendering for diagnostics: text past 40 characters is cut, and blobs show their size only.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let value) where value.count > 40: "'\(value.prefix(40))…' (\(value.count) characters)"
        case .text(let value): "'\(value)'"
        case .blob(let value): "<\(value.count) bytes>"
        case .bytes(let value): "<\(value.count) bytes>"
        case .array(let value): "<\(value.element.sqlName)[], \(value.byteCount) bytes>"
        }
    }
}
