import Foundation

/// One item of a retention message's bulleted list.
public struct BulletPoint: Codable, Hashable, Sendable {
    /// The text of the bullet point.
    public var text: String?
    /// The UUID of the bullet-point image, as sent.
    public var imageIdentifier: String?
    /// The image's alternative text.
    public var altText: String?

    /// Creates a value; every field defaults to absent.
    public init(text: String? = nil, imageIdentifier: String? = nil, altText: String? = nil) {
        self.text = text
        self.imageIdentifier = imageIdentifier
        self.altText = altText
    }
}

extension BulletPoint {
    /// `imageIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var imageIdentifierUUID: UUID? { imageIdentifier.flatMap { UUID(uuidString: $0) } }
}
