/// The body of Upload Message.
public struct UploadMessageRequestBody: Codable, Hashable, Sendable {
    /// The header text (at most 66 characters).
    public var header: String?
    /// The body text (at most 144 characters).
    public var body: String?
    /// An image to show with the message.
    public var image: UploadMessageImage?
    /// Where the header appears.
    public var headerPosition: HeaderPosition?
    /// A bulleted list to show with the message.
    public var bulletPoints: [BulletPoint]?

    /// Creates a value; every field defaults to absent.
    public init(
        header: String? = nil,
        body: String? = nil,
        image: UploadMessageImage? = nil,
        headerPosition: HeaderPosition? = nil,
        bulletPoints: [BulletPoint]? = nil
    ) {
        self.header = header
        self.body = body
        self.image = image
        self.headerPosition = headerPosition
        self.bulletPoints = bulletPoints
    }
}
