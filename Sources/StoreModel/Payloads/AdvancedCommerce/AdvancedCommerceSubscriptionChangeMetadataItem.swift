/// New metadata for one item of an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionChangeMetadataItem: Codable, Hashable, Sendable {
    /// The item's current SKU.
    public var currentSKU: String?
    /// When the change takes effect.
    public var effective: AdvancedCommerceEffective?
    /// The new description.
    public var description: String?
    /// The new display name.
    public var displayName: String?
    /// The new SKU.
    public var SKU: String?

    /// Creates a value; every field defaults to absent.
    public init(
        currentSKU: String? = nil,
        effective: AdvancedCommerceEffective? = nil,
        description: String? = nil,
        displayName: String? = nil,
        SKU: String? = nil
    ) {
        self.currentSKU = currentSKU
        self.effective = effective
        self.description = description
        self.displayName = displayName
        self.SKU = SKU
    }
}
