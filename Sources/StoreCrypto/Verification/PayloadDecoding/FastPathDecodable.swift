import StoreModel

/// A payload type with a decoder specialised for its common shape, tried before the general `Decodable` path.
///
/// The specialised decoder reads an object's members by name with a table of the type's keys and converts
/// each value the way `JSONDecoder` would. It only returns a value when it is sure `JSONDecoder` would decode
/// the same one, and declines (returns `nil`) otherwise: on a member name it does not know (it could be a field
/// added to the model later), a non-ASCII name, a duplicated name, a value whose conversion is not the plain
/// case (a fraction, an exponent, an out-of-range number, a wrong type) or a present nested object. The general
/// path then decodes the payload, or reports the error `JSONDecoder` would.
protocol FastPathDecodable: Decodable {
    /// The value the members describe, or `nil` to let the general path decode them.
    static func decodeFast(_ object: JSONObjectMembers) -> Self?
}

/// Why the specialised decoder let the general path decode a payload.
struct FastPathDeclined: Error {}

/// Member names mapped to a type's fields, looked up by ``JSONNameProbe``.
struct JSONFieldTable<Field: Sendable>: Sendable {
    private let names: [String]
    private let probes: [JSONNameProbe]
    private let fields: [Field]
    /// Open-addressing table of field index + 1, 0 for an empty slot.
    private let slots: [UInt8]

    /// A table of up to 255 ASCII names.
    init(_ entries: [(name: String, field: Field)]) {
        precondition(entries.count < 255 && entries.allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } })
        names = entries.map(\.name)
        fields = entries.map(\.field)
        probes = names.map { name in Array(name.utf8).withUnsafeBufferPointer { JSONNameProbe($0) } }
        var size = 16
        while size < entries.count * 4 { size *= 2 }
        var slots = [UInt8](repeating: 0, count: size)
        for (index, probe) in probes.enumerated() {
            var slot = Int(truncatingIfNeeded: probe.hashValue64 >> 32) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = UInt8(index + 1)
        }
        self.slots = slots
    }

    /// The field of an ASCII member name, `nil` for a name that is not in the table.
    func field(named name: String, probe: JSONNameProbe) -> Field? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: probe.hashValue64 >> 32) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            // Names of up to 16 bytes are decided by the probe; longer ones compare as (ASCII) strings.
            if probes[index].isCandidate(for: probe), probe.length <= 16 || names[index] == name {
                return fields[index]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

/// Conversions of member values exactly as `JSONDecoder`'s `decodeIfPresent` makes them in the plain case;
/// anything else declines.
extension JSONNode {
    func optionalString() throws(FastPathDeclined) -> String? {
        switch self {
        case .null: nil
        case .string(let string): string
        default: throw FastPathDeclined()
        }
    }

    func optionalBool() throws(FastPathDeclined) -> Bool? {
        switch self {
        case .null: nil
        case .bool(let flag): flag
        default: throw FastPathDeclined()
        }
    }

    /// A plain integer literal in range (what `Int64("…", radix: 10)` accepts); fractions and exponents decline.
    func optionalInteger<T: FixedWidthInteger>(_ type: T.Type) throws(FastPathDeclined) -> T? {
        switch self {
        case .null: return nil
        case .number(let literal):
            guard let value = T(literal, radix: 10) else { throw FastPathDeclined() }
            return value
        default: throw FastPathDeclined()
        }
    }

    /// Whole milliseconds, which `Timestamp.init(from:)` reads as an `Int64` first.
    func optionalTimestamp() throws(FastPathDeclined) -> Timestamp? {
        try optionalInteger(Int64.self).map(Timestamp.init(milliseconds:))
    }

    /// An open enumeration over strings, which `OpenEnumeration.init(from:)` reads as its raw value.
    func optionalEnumeration<Value: OpenEnumeration>(_ type: Value.Type) throws(FastPathDeclined) -> Value?
    where Value.RawValue == String {
        try optionalString().map(Value.init(rawValue:))
    }

    /// An open enumeration over 32-bit integers.
    func optionalEnumeration<Value: OpenEnumeration>(_ type: Value.Type) throws(FastPathDeclined) -> Value?
    where Value.RawValue == Int32 {
        try optionalInteger(Int32.self).map(Value.init(rawValue:))
    }

    /// A nested object the specialised decoder leaves to the general path: only `null` (absent) is accepted.
    func absentNested() throws(FastPathDeclined) {
        guard isNull else { throw FastPathDeclined() }
    }
}
