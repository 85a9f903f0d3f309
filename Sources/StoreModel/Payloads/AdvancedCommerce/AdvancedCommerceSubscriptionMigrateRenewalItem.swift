/// An item that replaces a migrated item at the next renewal.
public struct AdvancedCommerceSubscriptionMigrateRenewalItem: Codable, Hashable, Sendable {
    /// The item's product identifier, which the developer defines.
    public var SKU: String?
    /// A description of the item that customers do not see.
    public var description: String?
    /// The item's name as customers see it.
    public var displayName: String?

    /// Creates a value; every field defaults to absent.
    public init(SKU: String? = nil, description: String? = nil, displayName: String? = nil) {
        self.SKU = SKU
        self.description = description
        self.displayName = displayName
    }
}
