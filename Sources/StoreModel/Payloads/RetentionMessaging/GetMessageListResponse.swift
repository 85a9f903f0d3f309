/// The response of Get Message List.
public struct GetMessageListResponse: Codable, Hashable, Sendable {
    /// The uploaded messages.
    public var messageIdentifiers: [GetMessageListResponseItem]?

    /// Creates a value; every field defaults to absent.
    public init(messageIdentifiers: [GetMessageListResponseItem]? = nil) {
        self.messageIdentifiers = messageIdentifiers
    }
}
