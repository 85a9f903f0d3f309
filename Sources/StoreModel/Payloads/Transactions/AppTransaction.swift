import Foundation

/// The signed record of the customer's purchase of the app itself.
public struct AppTransaction: Codable, Hashable, Sendable {
    /// The server environment that signed the app transaction.
    public var receiptType: AppStoreEnvironment?
    /// The app's Apple ID (absent outside Production).
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The app version the app transaction is for.
    public var applicationVersion: String?
    /// The App Store's identifier of the app version.
    public var versionExternalIdentifier: Int64?
    /// When the App Store created the app transaction.
    public var receiptCreationDate: Timestamp?
    /// When the customer first bought or downloaded the app.
    public var originalPurchaseDate: Timestamp?
    /// The app version the customer first bought or downloaded.
    public var originalApplicationVersion: String?
    /// Base64 value that ties the app transaction to a device.
    public var deviceVerification: String?
    /// The UUID nonce used for device verification, as received.
    public var deviceVerificationNonce: String?
    /// When the customer pre-ordered the app.
    public var preorderDate: Timestamp?
    /// The unique identifier of the app download transaction.
    public var appTransactionId: String?
    /// The platform on which the customer first bought the app.
    public var originalPlatform: PurchasePlatform?
    /// When the app requested the app transaction (StoreKit Testing in Xcode writes it).
    public var requestDate: Timestamp?

    /// Creates a value; every field defaults to absent.
    public init(
        receiptType: AppStoreEnvironment? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        applicationVersion: String? = nil,
        versionExternalIdentifier: Int64? = nil,
        receiptCreationDate: Timestamp? = nil,
        originalPurchaseDate: Timestamp? = nil,
        originalApplicationVersion: String? = nil,
        deviceVerification: String? = nil,
        deviceVerificationNonce: String? = nil,
        preorderDate: Timestamp? = nil,
        appTransactionId: String? = nil,
        originalPlatform: PurchasePlatform? = nil,
        requestDate: Timestamp? = nil
    ) {
        self.receiptType = receiptType
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.applicationVersion = applicationVersion
        self.versionExternalIdentifier = versionExternalIdentifier
        self.receiptCreationDate = receiptCreationDate
        self.originalPurchaseDate = originalPurchaseDate
        self.originalApplicationVersion = originalApplicationVersion
        self.deviceVerification = deviceVerification
        self.deviceVerificationNonce = deviceVerificationNonce
        self.preorderDate = preorderDate
        self.appTransactionId = appTransactionId
        self.originalPlatform = originalPlatform
        self.requestDate = requestDate
    }
}

extension AppTransaction {
    /// `deviceVerificationNonce` parsed as a UUID; nil when absent or not a UUID.
    public var deviceVerificationNonceUUID: UUID? { deviceVerificationNonce.flatMap { UUID(uuidString: $0) } }
}

extension AppTransaction: SignedPayload {
    /// The creation date: the chain is validated at `receiptCreationDate`.
    public var verificationInstant: Timestamp? { receiptCreationDate }

    /// Bundle identifier, app Apple ID (in Production) and `receiptType` as the environment.
    public var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: true, bundleId: bundleId, checksAppAppleId: true, appAppleId: appAppleId,
            environment: receiptType)
    }
}
