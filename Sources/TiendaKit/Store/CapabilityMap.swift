/// The one place that says which products unlock which capabilities (seed 003): adding a plan, changing
/// prices or introducing a lifetime edition changes this map and no view.
///
/// ```swift
/// let map = CapabilityMap([
///     "com.example.pro.monthly": [.pro], "com.example.pro.yearly": [.pro], "com.example.lifetime": [.pro],
///     "com.example.theme.dark": ["darkTheme"],
/// ])
/// map.capabilities(for: ["com.example.pro.yearly"])   // [.pro]
/// ```
public struct CapabilityMap: Hashable, Sendable {
    /// The capabilities of each product.
    public let capabilitiesByProduct: [String: Set<Capability>]

    /// Creates the map.
    public init(_ capabilitiesByProduct: [String: Set<Capability>]) {
        self.capabilitiesByProduct = capabilitiesByProduct
    }

    /// Every product that unlocks something.
    public var productIDs: Set<String> { Set(capabilitiesByProduct.keys) }

    /// What the owned products unlock together.
    public func capabilities(for ownedProductIDs: some Sequence<String>) -> Set<Capability> {
        ownedProductIDs.reduce(into: Set<Capability>()) { result, id in
            result.formUnion(capabilitiesByProduct[id] ?? [])
        }
    }

    /// The products that unlock a capability.
    public func products(unlocking capability: Capability) -> Set<String> {
        Set(capabilitiesByProduct.filter { $0.value.contains(capability) }.keys)
    }
}
