import Foundation

/// An image to show with an uploaded message.
public struct UploadMessageImage: Codable, Hashable, Sendable {
    /// The UUID of an uploaded image, as sent.
    public var imageIdentifier: String?
    /// The image's alternative text.
    public var altText: String?

    /// Creates a value; every field defaults to absent.
    public init(imageIdentifier: String? = nil, altText: String? = nil) {
        self.imageIdentifier = imageIdentifier
        self.altText = altText
    }
}

extension UploadMessageImage {
    /// `imageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var imageIdentifierUUID: UUID? { imageIdentifier.flatMap { UUID(uuidString: $0) } }
}
