import Foundation

/// One uploaded image and its review state.
public struct GetImageListResponseItem: Codable, Hashable, Sendable {
    /// The UUID of the image, as received.
    public var imageIdentifier: String?
    /// The review state of the image.
    public var imageState: ImageState?
    /// The size the image was uploaded for.
    public var imageSize: ImageSize?

    /// Creates a value; every field defaults to absent.
    public init(imageIdentifier: String? = nil, imageState: ImageState? = nil, imageSize: ImageSize? = nil) {
        self.imageIdentifier = imageIdentifier
        self.imageState = imageState
        self.imageSize = imageSize
    }
}

extension GetImageListResponseItem {
    /// `imageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var imageIdentifierUUID: UUID? { imageIdentifier.flatMap { UUID(uuidString: $0) } }
}
