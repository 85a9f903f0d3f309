/// The size of a Retention Messaging image.
///
/// Wire values (strings): `FULL_SIZE`, `BULLET_POINT`.
public struct ImageSize: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A full-size image (`FULL_SIZE`).
    public static let fullSize = ImageSize(rawValue: "FULL_SIZE")
    /// A bullet-point image (`BULLET_POINT`).
    public static let bulletPoint = ImageSize(rawValue: "BULLET_POINT")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [ImageSize] = [.fullSize, .bulletPoint]
}
