/// The response of Get Image List.
public struct GetImageListResponse: Codable, Hashable, Sendable {
    /// The uploaded images.
    public var imageIdentifiers: [GetImageListResponseItem]?

    /// Creates a value; every field defaults to absent.
    public init(imageIdentifiers: [GetImageListResponseItem]? = nil) {
        self.imageIdentifiers = imageIdentifiers
    }
}
