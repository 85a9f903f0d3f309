import Foundation

/// A promotional offer signed in the V1 (StoreKit 1) format.
public struct PromotionalOfferSignatureV1: Codable, Hashable, Sendable {
    /// The base64 DER ECDSA signature.
    public var encodedSignature: String?
    /// The product identifier of the subscription.
    public var productId: String?
    /// The one-time UUID of the signature, as sent.
    public var nonce: String?
    /// When the signature was made, in milliseconds since 1970 (a plain integer, as Apple types it).
    public var timestamp: Int64?
    /// The identifier of the developer key that signed.
    public var keyId: String?
    /// The identifier of the subscription offer.
    public var offerIdentifier: String?
    /// The UUID of the customer's account in the app, as sent.
    public var appAccountToken: String?

    /// Creates a value; every field defaults to absent.
    public init(
        encodedSignature: String? = nil,
        productId: String? = nil,
        nonce: String? = nil,
        timestamp: Int64? = nil,
        keyId: String? = nil,
        offerIdentifier: String? = nil,
        appAccountToken: String? = nil
    ) {
        self.encodedSignature = encodedSignature
        self.productId = productId
        self.nonce = nonce
        self.timestamp = timestamp
        self.keyId = keyId
        self.offerIdentifier = offerIdentifier
        self.appAccountToken = appAccountToken
    }
}

extension PromotionalOfferSignatureV1 {
    /// `nonce` parsed as a UUID; nil when absent or not a UUID.
    public var nonceUUID: UUID? { nonce.flatMap { UUID(uuidString: $0) } }

    /// `appAccountToken` parsed as a UUID; nil when absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap { UUID(uuidString: $0) } }
}
