import Foundation

/// The body of Configure Default Message.
public struct DefaultConfigurationRequest: Codable, Hashable, Sendable {
    /// The UUID of the message to show by default, as sent.
    public var messageIdentifier: String?

    /// Creates a value; every field defaults to absent.
    public init(messageIdentifier: String? = nil) {
        self.messageIdentifier = messageIdentifier
    }
}

extension DefaultConfigurationRequest {
    /// `messageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var messageIdentifierUUID: UUID? { messageIdentifier.flatMap { UUID(uuidString: $0) } }
}
