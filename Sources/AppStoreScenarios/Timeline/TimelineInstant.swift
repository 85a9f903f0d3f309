import StoreModel

/// An instant of a timeline: JSON carries it as ISO 8601 text in UTC (`2024-02-01T00:00:00Z`), tables as
/// `2024-02-01 00:00:00`.
public struct TimelineInstant: Hashable, Comparable, Sendable, Encodable, CustomStringConvertible {
    /// The instant.
    public var timestamp: Timestamp

    /// Wraps an instant.
    public init(_ timestamp: Timestamp) {
        self.timestamp = timestamp
    }

    /// `2024-02-01 00:00:00` (UTC).
    public var description: String { ScenarioDate.text(timestamp) }

    /// `2024-02-01T00:00:00Z`.
    public var iso8601: String { ScenarioDate.iso8601(timestamp) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.timestamp < rhs.timestamp }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}
