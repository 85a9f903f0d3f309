/// New descriptors for an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionChangeMetadataDescriptors: Codable, Hashable, Sendable {
    /// When the change takes effect.
    public var effective: AdvancedCommerceEffective?
    /// The new description.
    public var description: String?
    /// The new display name.
    public var displayName: String?

    /// Creates a value; every field defaults to absent.
    public init(effective: AdvancedCommerceEffective? = nil, description: String? = nil, displayName: String? = nil) {
        self.effective = effective
        self.description = description
        self.displayName = displayName
    }
}
