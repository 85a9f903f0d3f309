/// The description and display name of an Advanced Commerce purchase.
public struct AdvancedCommerceDescriptors: Codable, Hashable, Sendable {
    /// A description that customers do not see.
    public var description: String?
    /// The name customers see.
    public var displayName: String?

    /// Creates a value; every field defaults to absent.
    public init(description: String? = nil, displayName: String? = nil) {
        self.description = description
        self.displayName = displayName
    }
}
