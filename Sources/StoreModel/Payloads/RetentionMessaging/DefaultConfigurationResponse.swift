import Foundation

/// The response of Get Default Message.
public struct DefaultConfigurationResponse: Codable, Hashable, Sendable {
    /// The UUID of the default message, as received.
    public var messageIdentifier: String?

    /// Creates a value; every field defaults to absent.
    public init(messageIdentifier: String? = nil) {
        self.messageIdentifier = messageIdentifier
    }
}

extension DefaultConfigurationResponse {
    /// `messageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var messageIdentifierUUID: UUID? { messageIdentifier.flatMap { UUID(uuidString: $0) } }
}
