/// An item to reactivate in an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionReactivateItem: Codable, Hashable, Sendable {
    /// The item's product identifier, which the developer defines.
    public var SKU: String?

    /// Creates a value; every field defaults to absent.
    public init(SKU: String? = nil) {
        self.SKU = SKU
    }
}
