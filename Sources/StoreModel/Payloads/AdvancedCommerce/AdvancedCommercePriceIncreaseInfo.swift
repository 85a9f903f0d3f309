/// A price increase for an Advanced Commerce item.
public struct AdvancedCommercePriceIncreaseInfo: Codable, Hashable, Sendable {
    /// The SKUs whose presence the increase depends on.
    public var dependentSKUs: [String]?
    /// The new price in milliunits of the currency.
    public var price: Int64?
    /// The state of the increase.
    public var status: AdvancedCommercePriceIncreaseInfoStatus?

    /// Creates a value; every field defaults to absent.
    public init(
        dependentSKUs: [String]? = nil,
        price: Int64? = nil,
        status: AdvancedCommercePriceIncreaseInfoStatus? = nil
    ) {
        self.dependentSKUs = dependentSKUs
        self.price = price
        self.status = status
    }
}
