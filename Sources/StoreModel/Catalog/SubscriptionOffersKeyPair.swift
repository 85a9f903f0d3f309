import Foundation

/// `subscriptionOffersKeyPair`: the EC P-256 key Xcode generates to sign and check promotional-offer signatures
/// in local testing.
public struct SubscriptionOffersKeyPair: Hashable, Sendable {
    /// `id`: the key ID (8 hex digits) that offer signatures name.
    public var id: String
    /// `privateKey`: base64 of the PKCS#8 DER private key (`MIGTAgEAMBMGByqGSM49…`).
    public var privateKey: String

    /// Creates a key pair entry.
    public init(id: String, privateKey: String) {
        self.id = id
        self.privateKey = privateKey
    }

    /// The PKCS#8 DER bytes, or `nil` when ``privateKey`` is not base64.
    public var privateKeyDER: Data? { Data(base64Encoded: privateKey, options: .ignoreUnknownCharacters) }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> SubscriptionOffersKeyPair {
        SubscriptionOffersKeyPair(id: try object.string("id") ?? "", privateKey: try object.string("privateKey") ?? "")
    }
}
