/// Something a customer may do in the app (`pro`, `darkTheme`): what the interface asks about, instead of
/// product identifiers.
public struct Capability: RawRepresentable, Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The capability's name.
    public let rawValue: String

    /// Creates a capability.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a capability from a literal: `let pro: Capability = "pro"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Full access: what subscriptions and lifetime purchases usually unlock.
    public static let pro = Capability(rawValue: "pro")

    /// Orders by name.
    public static func < (lhs: Capability, rhs: Capability) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name.
    public var description: String { rawValue }
}
