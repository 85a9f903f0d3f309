import Foundation

/// The App Store itself (`AppStore`): payments allowed, this device's identity, and restoring purchases.
public enum AppStore {
    /// Whether the customer may make payments (Screen Time or a management profile may forbid it).
    public static var canMakePayments: Bool {
        (try? StoreClient.resolve(nil).backend.canMakePayments()) ?? false
    }

    /// This device's identifier for device verification: each signed value carries
    /// SHA-384(nonce + this identifier).
    public static var deviceVerificationID: UUID? {
        try? StoreClient.resolve(nil).backend.identity.deviceVerificationID
    }

    /// Fetches the customer's transactions and subscription statuses from the App Store.
    ///
    /// It asks the customer to sign in: call it only from an explicit action such as "Restore Purchases". A
    /// cancelled sign-in throws ``StoreKitError/userCancelled``.
    public static func sync() async throws {
        try await sync(client: StoreClient.resolve(nil))
    }

    static func sync(client: StoreClient) async throws(StoreKitError) {
        guard await client.backend.dialogs.signIn() else { throw .userCancelled }
        try await client.backend.sync()
    }
}

extension AppStore {
    /// The server environment that signed a value (`AppStore.Environment`).
    public struct Environment: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value (`Production`, `Sandbox`, `Xcode`, `LocalTesting`).
        public let rawValue: String
        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The production App Store.
        public static let production = Environment(rawValue: "Production")
        /// The sandbox, and Tienda's emulator by default.
        public static let sandbox = Environment(rawValue: "Sandbox")
        /// StoreKit Testing in Xcode.
        public static let xcode = Environment(rawValue: "Xcode")
        /// The raw value.
        public var description: String { rawValue }
    }
}
