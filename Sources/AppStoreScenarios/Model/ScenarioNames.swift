/// How timelines and summaries shorten names.
enum ScenarioNames {
    /// A product ID without the app's bundle ID in front: `pro.monthly` for `com.tienda.example.pro.monthly`.
    static func short(_ productId: String, bundleId: String) -> String {
        let prefix = bundleId + "."
        guard productId.hasPrefix(prefix), productId.count > prefix.count else { return productId }
        return String(productId.dropFirst(prefix.count))
    }
}
