/// Where a retention message shows its header.
///
/// Wire values (strings): `ABOVE_BODY`, `ABOVE_IMAGE`.
public struct HeaderPosition: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Above the body text (`ABOVE_BODY`).
    public static let aboveBody = HeaderPosition(rawValue: "ABOVE_BODY")
    /// Above the image (`ABOVE_IMAGE`).
    public static let aboveImage = HeaderPosition(rawValue: "ABOVE_IMAGE")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [HeaderPosition] = [.aboveBody, .aboveImage]
}
