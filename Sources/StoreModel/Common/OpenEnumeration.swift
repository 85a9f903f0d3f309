/// A value from a closed list that Apple may extend: known values have names, and a value that a newer
/// App Store sends still decodes and is kept as it came.
///
/// Conforming types are small structs over their wire value (`String` or `Int32`) with one `static let` per
/// documented value, so that `status == .active` reads like an enum while `Status(rawValue: 9)` survives a
/// round trip.
public protocol OpenEnumeration: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue: Codable & Hashable & Sendable {
    /// Every value Apple documents, in documentation order.
    static var knownValues: [Self] { get }
    /// Creates a value from its wire representation, known or not.
    init(rawValue: RawValue)
}

extension OpenEnumeration {
    /// Whether Apple documents this value (false for a value from a newer App Store).
    public var isKnown: Bool { Self.knownValues.contains(self) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(RawValue.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { "\(rawValue)" }
}
