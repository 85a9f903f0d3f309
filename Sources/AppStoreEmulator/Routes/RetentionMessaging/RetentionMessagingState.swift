import StoreModel

/// One app's Retention Messaging configuration as the emulator keeps it: uploaded images and messages (approved at
/// once — there is no review), default messages per product and locale, the realtime URL and performance tests.
struct RetentionMessagingState: Codable, Sendable, Hashable {
    /// An uploaded image.
    struct Image: Codable, Sendable, Hashable {
        var size: ImageSize
        var state: ImageState
        var byteCount: Int
    }

    /// An uploaded message.
    struct Message: Codable, Sendable, Hashable {
        var body: UploadMessageRequestBody
        var state: MessageState
    }

    /// Images by lowercase identifier.
    var images: [String: Image] = [:]
    /// Messages by lowercase identifier.
    var messages: [String: Message] = [:]
    /// Default message identifiers by `productId` + `/` + locale.
    var defaults: [String: String] = [:]
    /// The realtime URL.
    var realtimeURL: String?
    /// Performance tests by request ID.
    var performanceTests: [String: PerformanceTestResultResponse] = [:]
}
