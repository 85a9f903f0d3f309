import Foundation

/// What a device's StoreKit verifies signed data against: the trusted root certificate, the app, the
/// environment, and the device's verification identifier.
public struct BackendIdentity: Hashable, Sendable {
    /// The DER of the root certificate that anchors every signature (fetched once per backend).
    public var rootCertificate: Data
    /// The app's bundle identifier; signed transactions must carry it.
    public var bundleID: String
    /// The app's Apple ID, required to verify Production data.
    public var appAppleID: Int64?
    /// The environment signed data must come from.
    public var environment: AppStore.Environment
    /// This device's `AppStore.deviceVerificationID`.
    public var deviceVerificationID: UUID

    /// Creates an identity.
    public init(
        rootCertificate: Data, bundleID: String, appAppleID: Int64?, environment: AppStore.Environment,
        deviceVerificationID: UUID
    ) {
        self.rootCertificate = rootCertificate
        self.bundleID = bundleID
        self.appAppleID = appAppleID
        self.environment = environment
        self.deviceVerificationID = deviceVerificationID
    }
}
