/// Checks across the whole file once it is read: unique product IDs (an error), and tolerated oddities
/// (warnings): empty product IDs, repeated group ids, products filed in the other top-level array.
enum CatalogValidation {
    static func check(
        _ configuration: StoreKitConfiguration, context: CatalogReadContext
    ) throws(StoreKitConfigurationError) {
        var firstUse: [String: JSONPath] = [:]
        for (path, productID) in productIDs(of: configuration) {
            let idPath = path.appending(key: "productID")
            if productID.isEmpty {
                context.warn(at: idPath, "the product ID is empty; StoreKit cannot request this product")
                continue
            }
            if let first = firstUse[productID] {
                throw context.error(at: idPath, .duplicateProductID(productID, firstUse: first))
            }
            firstUse[productID] = path
        }

        var groupIDs: [String: Int] = [:]
        for (index, group) in configuration.subscriptionGroups.enumerated() {
            if let first = groupIDs[group.id] {
                context.warn(
                    at: JSONPath([.key("subscriptionGroups"), .index(index), .key("id")]),
                    "\(quotedJSONString(group.id)) is also the id of subscriptionGroups[\(first)]; "
                        + "looking the group up by id finds the first one")
            } else {
                groupIDs[group.id] = index
            }
        }

        let misfiled: [(String, [StoreKitProduct], (StoreKitProductKind) -> Bool, String)] = [
            ("products", configuration.products, { $0 == .nonRenewingSubscription }, "nonRenewingSubscriptions"),
            ("nonRenewingSubscriptions", configuration.nonRenewingSubscriptions, { $0 != .nonRenewingSubscription }, "products"),
        ]
        for (key, products, isMisfiled, expectedArray) in misfiled {
            for (index, product) in products.enumerated() where isMisfiled(product.kind) {
                context.warn(
                    at: JSONPath([.key(key), .index(index), .key("type")]),
                    "a \(product.kind.rawValue) product; Xcode keeps these in \(expectedArray), but it is used as it is")
            }
        }
    }

    /// Every product ID with the path of its product, in the order products, non-renewing subscriptions,
    /// subscription groups.
    private static func productIDs(of configuration: StoreKitConfiguration) -> [(JSONPath, String)] {
        var result: [(JSONPath, String)] = []
        for (index, product) in configuration.products.enumerated() {
            result.append((JSONPath([.key("products"), .index(index)]), product.productID))
        }
        for (index, product) in configuration.nonRenewingSubscriptions.enumerated() {
            result.append((JSONPath([.key("nonRenewingSubscriptions"), .index(index)]), product.productID))
        }
        for (groupIndex, group) in configuration.subscriptionGroups.enumerated() {
            for (index, subscription) in group.subscriptions.enumerated() {
                let path = JSONPath([.key("subscriptionGroups"), .index(groupIndex), .key("subscriptions"), .index(index)])
                result.append((path, subscription.productID))
            }
        }
        return result
    }
}
