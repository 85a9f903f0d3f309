/// A payload that travels inside a JWS signed by the App Store (or by Tienda's emulator).
///
/// The verifier uses these members to apply the per-type checks of Apple's `SignedDataVerifier`: the chain is
/// validated at ``verificationInstant`` when online checks are off, and ``verificationIdentity`` is compared
/// with the verifier's bundle identifier, app Apple ID and environment.
public protocol SignedPayload: Codable, Sendable {
    /// The instant at which the certificate chain is validated offline: `signedDate`, or
    /// `receiptCreationDate` for an app transaction. `nil` means "now".
    var verificationInstant: Timestamp? { get }
    /// What the verifier compares with its configuration.
    var verificationIdentity: SignedPayloadIdentity { get }
}

/// The identity a signed payload claims, as Apple's verifier reads it for each payload type.
public struct SignedPayloadIdentity: Hashable, Sendable {
    /// Whether the payload type carries a bundle identifier that must match (renewal info does not).
    public var checksBundleId: Bool
    /// The payload's bundle identifier, when the type has one.
    public var bundleId: String?
    /// The payload's app Apple ID, compared only when the verifier is configured for Production.
    public var appAppleId: Int64?
    /// Whether the payload type carries an app Apple ID that Production verification compares.
    public var checksAppAppleId: Bool
    /// The environment the payload says it comes from.
    public var environment: AppStoreEnvironment?

    /// Creates an identity.
    public init(
        checksBundleId: Bool, bundleId: String?, checksAppAppleId: Bool, appAppleId: Int64?,
        environment: AppStoreEnvironment?
    ) {
        self.checksBundleId = checksBundleId
        self.bundleId = bundleId
        self.checksAppAppleId = checksAppAppleId
        self.appAppleId = appAppleId
        self.environment = environment
    }
}
