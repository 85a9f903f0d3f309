import Foundation

/// A Get Retention Message request: the payload of `RealtimeRequestBody.signedPayload`.
public struct DecodedRealtimeRequestBody: Codable, Hashable, Sendable {
    /// The transaction identifier of the original purchase of the subscription.
    public var originalTransactionId: String?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The product identifier of the subscription.
    public var productId: String?
    /// The customer's locale, such as `en-US`.
    public var userLocale: String?
    /// The UUID of this request, as received.
    public var requestIdentifier: String?
    /// The server environment of the request.
    public var environment: AppStoreEnvironment?
    /// When the App Store signed the request.
    public var signedDate: Timestamp?

    /// Creates a value; every field defaults to absent.
    public init(
        originalTransactionId: String? = nil,
        appAppleId: Int64? = nil,
        productId: String? = nil,
        userLocale: String? = nil,
        requestIdentifier: String? = nil,
        environment: AppStoreEnvironment? = nil,
        signedDate: Timestamp? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.appAppleId = appAppleId
        self.productId = productId
        self.userLocale = userLocale
        self.requestIdentifier = requestIdentifier
        self.environment = environment
        self.signedDate = signedDate
    }
}

extension DecodedRealtimeRequestBody {
    /// `requestIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var requestIdentifierUUID: UUID? { requestIdentifier.flatMap { UUID(uuidString: $0) } }
}

extension DecodedRealtimeRequestBody: SignedPayload {
    /// The signing date: the chain is validated at `signedDate`.
    public var verificationInstant: Timestamp? { signedDate }

    /// App Apple ID (in Production) and environment; the request carries no bundle identifier.
    public var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: false, bundleId: nil, checksAppAppleId: true, appAppleId: appAppleId,
            environment: environment)
    }
}
