import Foundation

/// One uploaded message and its review state.
public struct GetMessageListResponseItem: Codable, Hashable, Sendable {
    /// The UUID of the message, as received.
    public var messageIdentifier: String?
    /// The review state of the message.
    public var messageState: MessageState?

    /// Creates a value; every field defaults to absent.
    public init(messageIdentifier: String? = nil, messageState: MessageState? = nil) {
        self.messageIdentifier = messageIdentifier
        self.messageState = messageState
    }
}

extension GetMessageListResponseItem {
    /// `messageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var messageIdentifierUUID: UUID? { messageIdentifier.flatMap { UUID(uuidString: $0) } }
}
