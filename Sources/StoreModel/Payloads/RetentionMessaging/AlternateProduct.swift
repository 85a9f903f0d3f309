import Foundation

/// A retention message with a switch-plan option.
public struct AlternateProduct: Codable, Hashable, Sendable {
    /// The UUID of the message to show, as sent.
    public var messageIdentifier: String?
    /// The product to offer instead.
    public var productId: String?

    /// Creates a value; every field defaults to absent.
    public init(messageIdentifier: String? = nil, productId: String? = nil) {
        self.messageIdentifier = messageIdentifier
        self.productId = productId
    }
}

extension AlternateProduct {
    /// `messageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var messageIdentifierUUID: UUID? { messageIdentifier.flatMap { UUID(uuidString: $0) } }
}
