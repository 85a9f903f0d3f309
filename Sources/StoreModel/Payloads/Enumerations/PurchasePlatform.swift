/// The platform on which the customer first bought the app.
///
/// Wire values (strings): `iOS`, `macOS`, `tvOS`, `visionOS`.
public struct PurchasePlatform: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// iOS, iPadOS or a compatible platform (`iOS`).
    public static let iOS = PurchasePlatform(rawValue: "iOS")
    /// macOS (`macOS`).
    public static let macOS = PurchasePlatform(rawValue: "macOS")
    /// tvOS (`tvOS`).
    public static let tvOS = PurchasePlatform(rawValue: "tvOS")
    /// visionOS (`visionOS`).
    public static let visionOS = PurchasePlatform(rawValue: "visionOS")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [PurchasePlatform] = [.iOS, .macOS, .tvOS, .visionOS]
}
