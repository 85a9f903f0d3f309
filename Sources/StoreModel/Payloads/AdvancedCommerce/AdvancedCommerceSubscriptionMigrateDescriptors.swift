/// The descriptors of a subscription migrated to Advanced Commerce.
public struct AdvancedCommerceSubscriptionMigrateDescriptors: Codable, Hashable, Sendable {
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
