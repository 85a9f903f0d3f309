/// The server environment that produced signed data (`environment`, and `receiptType` in an app transaction).
///
/// Wire values: `Sandbox`, `Production`, `Xcode`, `LocalTesting`.
public struct AppStoreEnvironment: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Apple's sandbox, and Tienda's emulator by default.
    public static let sandbox = AppStoreEnvironment(rawValue: "Sandbox")
    /// The production App Store.
    public static let production = AppStoreEnvironment(rawValue: "Production")
    /// StoreKit Testing in Xcode (signed with a local key; verifiers only decode it).
    public static let xcode = AppStoreEnvironment(rawValue: "Xcode")
    /// Local testing (verifiers only decode it).
    public static let localTesting = AppStoreEnvironment(rawValue: "LocalTesting")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AppStoreEnvironment] = [.sandbox, .production, .xcode, .localTesting]

    /// Whether verifiers accept data from this environment without checking signatures (Xcode, LocalTesting).
    public var isDecodeOnly: Bool { self == .xcode || self == .localTesting }
}
