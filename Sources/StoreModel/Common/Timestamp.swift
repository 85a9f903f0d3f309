import Foundation

/// An instant as Apple's signed data and Server API carry it: whole milliseconds since 1970-01-01 UTC.
///
/// Encodes as a JSON integer. Decodes integers and fractional numbers (StoreKit Testing in Xcode writes
/// `1697679936049.7297`), truncating fractions toward zero as Apple's Python library does.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var milliseconds: Int64

    /// Creates a timestamp from milliseconds since the epoch.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Creates a timestamp from a `Date`, truncated to whole milliseconds.
    public init(_ date: Date) {
        self.milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The instant as a Foundation `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// Returns this instant moved by a number of milliseconds.
    public func adding(milliseconds delta: Int64) -> Timestamp {
        Timestamp(milliseconds: milliseconds + delta)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let whole = try? container.decode(Int64.self) {
            self.milliseconds = whole
            return
        }
        let fractional = try container.decode(Double.self)
        guard fractional.isFinite, abs(fractional) < 9.2e18 else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(fractional) is not a time in milliseconds since 1970")
        }
        self.milliseconds = Int64(fractional.rounded(.towardZero))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }

    public var description: String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
