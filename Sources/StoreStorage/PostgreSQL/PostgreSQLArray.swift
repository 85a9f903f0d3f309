import Foundation

/// A one-dimensional PostgreSQL array in the server's binary wire format, sent as one parameter
/// (``SQLValue/array(_:)``) for statements that take a whole column of rows at once:
/// `SELECT … FROM unnest(CAST(? AS TEXT[]), CAST(? AS BIGINT[]))`, `WHERE key = ANY(CAST(? AS TEXT[]))`.
///
/// The server reads it with `array_recv`: each element is its length and its bytes, so nothing is quoted, escaped
/// or parsed, where an array literal in a text parameter has every element quoted by the client and scanned
/// character by character by the server's `array_in`. A batch's columns carry tens of kilobytes of stored JSON, so
/// the difference is CPU on both sides of every batch.
///
/// The parameter's type is the array of ``element-swift.property``, so the statement's cast (`CAST(? AS TEXT[])`,
/// `BIGINT[]`, `INTEGER[]`) must name the same element type. SQLite has no arrays and refuses the parameter.
public struct PostgreSQLArray: Sendable, Hashable {
    /// The type of the elements, which is what the server checks the array against.
    public enum Element: Sendable, Hashable {
        /// `text`: each element's UTF-8 bytes.
        case text
        /// `bigint` (`int8`): 8 bytes each, most significant first.
        case bigint
        /// `integer` (`int4`): 4 bytes each, most significant first.
        case integer

        /// The element type's OID.
        var oid: UInt32 {
            switch self {
            case .text: 25
            case .bigint: 20
            case .integer: 23
            }
        }

        /// The OID of the array type of this element type.
        var arrayOID: UInt32 {
            switch self {
            case .text: 1009
            case .bigint: 1016
            case .integer: 1007
            }
        }

        /// The type's name in SQL, for casts (`CAST(? AS TEXT[])`).
        public var sqlName: String {
            switch self {
            case .text: "TEXT"
            case .bigint: "BIGINT"
            case .integer: "INTEGER"
            }
        }
    }

    /// The type of the elements.
    public let element: Element
    /// The array in the wire format: the header (one dimension, whether it holds `NULL`, the element type, the
    /// length, the lower bound 1), then each element as its length (−1 for `NULL`) and its bytes.
    let bytes: [UInt8]
    /// Whether a text element holds the NUL character, which PostgreSQL text cannot store.
    let holdsNUL: Bool

    /// The array of `values`, whose elements are `element`: text for ``Element/text``, integers for the others,
    /// and `NULL` anywhere.
    /// - Precondition: every value is `NULL` or of the element's storage class, and an integer fits the element.
    public init(_ values: [SQLValue], of element: Element) {
        self.element = element
        var capacity = 20
        for value in values {
            switch value {
            case .text(let text): capacity += 4 + text.utf8.count
            default: capacity += 12
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        bytes.appendBigEndian(UInt32(values.isEmpty ? 0 : 1))
        bytes.appendBigEndian(UInt32(0))  // whether it holds NULL: set below when one is written
        bytes.appendBigEndian(element.oid)
        if !values.isEmpty {
            bytes.appendBigEndian(UInt32(values.count))
            bytes.appendBigEndian(UInt32(1))
        }
        var holdsNUL = false
        for value in values {
            switch (value, element) {
            case (.null, _):
                bytes.appendBigEndian(UInt32(bitPattern: -1))
                bytes[7] = 1
            case (.text(var text), .text):
                text.withUTF8 { utf8 in
                    bytes.appendBigEndian(UInt32(utf8.count))
                    guard let base = utf8.baseAddress else { return }
                    bytes.append(contentsOf: utf8)
                    if !holdsNUL, memchr(base, 0, utf8.count) != nil { holdsNUL = true }
                }
            case (.integer(let integer), .bigint):
                bytes.appendBigEndian(UInt32(8))
                bytes.appendBigEndian(UInt64(bitPattern: integer))
            case (.integer(let integer), .integer):
                precondition(Int64(Int32.min)...Int64(Int32.max) ~= integer, "\(integer) does not fit an INTEGER[] element")
                bytes.appendBigEndian(UInt32(4))
                bytes.appendBigEndian(UInt32(bitPattern: Int32(integer)))
            default:
                preconditionFailure("a \(value.typeName) value in a PostgreSQL array of \(element.sqlName)")
            }
        }
        self.bytes = bytes
        self.holdsNUL = holdsNUL
    }

    /// The array of `texts`.
    public init(texts: some Sequence<String>) {
        self.init(texts.map(SQLValue.text), of: .text)
    }

    /// The array of `integers`, as `bigint` elements.
    public init(bigints integers: some Sequence<Int64>) {
        self.init(integers.map(SQLValue.integer), of: .bigint)
    }

    /// The number of bytes sent.
    public var byteCount: Int { bytes.count }
}

extension [UInt8] {
    /// Appends `value`'s four bytes, most significant first (the wire format's byte order).
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends `value`'s eight bytes, most significant first.
    fileprivate mutating func appendBigEndian(_ value: UInt64) {
        appendBigEndian(UInt32(truncatingIfNeeded: value >> 32))
        appendBigEndian(UInt32(truncatingIfNeeded: value))
    }
}
