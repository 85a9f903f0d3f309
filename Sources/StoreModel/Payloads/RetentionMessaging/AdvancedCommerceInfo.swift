import Foundation

/// An Advanced Commerce offer or switch-plan option in a realtime response.
public struct AdvancedCommerceInfo: Codable, Hashable, Sendable {
    /// The UUID of the message to show, as sent.
    public var messageIdentifier: String?
    /// Base64 JSON holding a JWS that describes the offer or switch-plan option.
    public var advancedCommerceData: String?

    /// Creates a value; every field defaults to absent.
    public init(messageIdentifier: String? = nil, advancedCommerceData: String? = nil) {
        self.messageIdentifier = messageIdentifier
        self.advancedCommerceData = advancedCommerceData
    }
}

extension AdvancedCommerceInfo {
    /// `messageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var messageIdentifierUUID: UUID? { messageIdentifier.flatMap { UUID(uuidString: $0) } }
}
