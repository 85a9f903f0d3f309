/// An App Store Server Notification V2: the payload of `ResponseBodyV2.signedPayload`.
public struct ResponseBodyV2DecodedPayload: Codable, Hashable, Sendable {
    /// What happened.
    public var notificationType: NotificationTypeV2?
    /// Further detail about what happened, when the type has any.
    public var subtype: Subtype?
    /// The unique identifier of the notification (a UUID string), as received.
    public var notificationUUID: String?
    /// The app, environment and signed transaction data the notification is about.
    public var data: NotificationData?
    /// The notification version, `2.0`.
    public var version: String?
    /// When the App Store signed the notification.
    public var signedDate: Timestamp?
    /// The result of a mass renewal-date extension (`RENEWAL_EXTENSION` / `SUMMARY`).
    public var summary: Summary?
    /// The unreported token of an `EXTERNAL_PURCHASE_TOKEN` notification.
    public var externalPurchaseToken: ExternalPurchaseToken?
    /// App-level data, as in `RESCIND_CONSENT`.
    public var appData: AppData?

    /// Creates a value; every field defaults to absent.
    public init(
        notificationType: NotificationTypeV2? = nil,
        subtype: Subtype? = nil,
        notificationUUID: String? = nil,
        data: NotificationData? = nil,
        version: String? = nil,
        signedDate: Timestamp? = nil,
        summary: Summary? = nil,
        externalPurchaseToken: ExternalPurchaseToken? = nil,
        appData: AppData? = nil
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.data = data
        self.version = version
        self.signedDate = signedDate
        self.summary = summary
        self.externalPurchaseToken = externalPurchaseToken
        self.appData = appData
    }
}

extension ResponseBodyV2DecodedPayload: SignedPayload {
    /// The signing date: the chain is validated at `signedDate`.
    public var verificationInstant: Timestamp? { signedDate }

    /// The identity of the first present of `data`, `summary`, `externalPurchaseToken` and `appData`; with none
    /// present there is no bundle identifier, so the bundle check fails.
    public var verificationIdentity: SignedPayloadIdentity {
        if let data {
            return Self.identity(bundleId: data.bundleId, appAppleId: data.appAppleId, environment: data.environment)
        }
        if let summary {
            return Self.identity(
                bundleId: summary.bundleId, appAppleId: summary.appAppleId, environment: summary.environment)
        }
        if let externalPurchaseToken {
            return Self.identity(
                bundleId: externalPurchaseToken.bundleId, appAppleId: externalPurchaseToken.appAppleId,
                environment: externalPurchaseToken.impliedEnvironment)
        }
        if let appData {
            return Self.identity(
                bundleId: appData.bundleId, appAppleId: appData.appAppleId, environment: appData.environment)
        }
        return Self.identity(bundleId: nil, appAppleId: nil, environment: nil)
    }

    private static func identity(
        bundleId: String?, appAppleId: Int64?, environment: AppStoreEnvironment?
    ) -> SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: true, bundleId: bundleId, checksAppAppleId: true, appAppleId: appAppleId,
            environment: environment)
    }
}
