import Foundation

/// A retention message with a promotional offer.
public struct PromotionalOffer: Codable, Hashable, Sendable {
    /// The UUID of the message to show, as sent.
    public var messageIdentifier: String?
    /// The offer signed as a V2 promotional offer JWS.
    public var promotionalOfferSignatureV2: String?
    /// The offer signed in the earlier V1 format.
    public var promotionalOfferSignatureV1: PromotionalOfferSignatureV1?

    /// Creates a value; every field defaults to absent.
    public init(
        messageIdentifier: String? = nil,
        promotionalOfferSignatureV2: String? = nil,
        promotionalOfferSignatureV1: PromotionalOfferSignatureV1? = nil
    ) {
        self.messageIdentifier = messageIdentifier
        self.promotionalOfferSignatureV2 = promotionalOfferSignatureV2
        self.promotionalOfferSignatureV1 = promotionalOfferSignatureV1
    }
}

extension PromotionalOffer {
    /// `messageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var messageIdentifierUUID: UUID? { messageIdentifier.flatMap { UUID(uuidString: $0) } }
}
