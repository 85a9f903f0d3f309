import Foundation

/// A retention message chosen in a realtime response.
public struct Message: Codable, Hashable, Sendable {
    /// The UUID of the message to show, as sent.
    public var messageIdentifier: String?

    /// Creates a value; every field defaults to absent.
    public init(messageIdentifier: String? = nil) {
        self.messageIdentifier = messageIdentifier
    }
}

extension Message {
    /// `messageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var messageIdentifierUUID: UUID? { messageIdentifier.flatMap { UUID(uuidString: $0) } }
}
