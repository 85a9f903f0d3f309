import StoreModel

/// Accounts, products and targets of steps.
extension ScenarioReader {
    /// What a step's target must be.
    enum TargetKind {
        /// A subscription (`originalTransactionId` may name it).
        case subscription
        /// A transaction (`transactionId` may name it).
        case transaction
        /// A purchase by account and product or label only (Ask to Buy requests, family revocations).
        case purchase

        var keys: [String] {
            switch self {
            case .subscription: return ["account", "product", "purchase", "originalTransactionId"]
            case .transaction: return ["account", "product", "purchase", "transactionId"]
            case .purchase: return ["account", "product", "purchase"]
            }
        }
    }

    /// A declared account.
    func account(_ node: ScenarioNode) throws(ScenarioError) -> String {
        let id = try node.string(expected: "the ID of an account in accounts")
        guard accountIds.contains(id) else {
            throw node.error(.invalid(
                "\(ScenarioText.quoted(id)) is not an account of the scenario (accounts: \(accountIds.joined(separator: ", ")))"))
        }
        return id
    }

    /// The `account` of a step, or the first declared account.
    func account(in object: ScenarioObject) throws(ScenarioError) -> String {
        guard let node = object.child("account") else { return accountIds[0] }
        return try account(node)
    }

    /// A product of the catalog (of `kind` when given).
    func product(_ node: ScenarioNode, kind: StoreKitProductKind? = nil) throws(ScenarioError) -> String {
        let id = try node.string(expected: "a product ID of \(catalogName)")
        guard let product = catalog.product(id: id) else {
            throw node.error(.unknownProduct(id, catalog: catalogName, products: catalog.products.map(\.productID)))
        }
        if let kind, product.kind != kind {
            let candidates = catalog.products(ofKind: kind).map(\.productID)
            throw node.error(.invalid(
                "\(ScenarioText.quoted(id)) is \(product.kind.rawValue), not \(kind.rawValue) (\(kind.rawValue) "
                    + "products: \(candidates.isEmpty ? "none" : candidates.joined(separator: ", ")))"))
        }
        return id
    }

    /// A step's target.
    func target(in object: ScenarioObject, kind: TargetKind) throws(ScenarioError) -> ScenarioTarget {
        let explicitKey = kind == .subscription ? "originalTransactionId" : "transactionId"
        if let node = object.child("purchase") {
            for key in ["account", "product", explicitKey] where object.has(key) {
                throw object.error(at: key, .invalid("give either purchase or \(key), not both"))
            }
            let label = try node.string(expected: "the label (as) of an earlier buy step")
            guard let named = labels[label] else {
                let known = labels.keys.sorted()
                throw node.error(.invalid(
                    "no earlier buy step is labelled \(ScenarioText.quoted(label)) (labels so far: "
                        + "\(known.isEmpty ? "none" : known.joined(separator: ", ")))"))
            }
            if kind == .subscription, catalog.subscription(id: named.productId) == nil {
                throw node.error(.invalid("\(ScenarioText.quoted(label)) is not a subscription purchase"))
            }
            return ScenarioTarget(accountId: named.accountId, productId: named.productId, label: label)
        }
        let accountId = try account(in: object)
        if kind != .purchase, let node = object.child(explicitKey) {
            let id = try node.string(expected: "a transaction ID such as \"2000000000000001\"")
            guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw node.wrongType(expected: "a transaction ID such as \"2000000000000001\"")
            }
            if object.has("product") { throw object.error(at: "product", .invalid("give either \(explicitKey) or product, not both")) }
            return ScenarioTarget(accountId: accountId, transactionId: id)
        }
        if let node = object.child("product") {
            let productId = try product(node, kind: kind == .subscription ? .autoRenewableSubscription : nil)
            return ScenarioTarget(accountId: accountId, productId: productId)
        }
        let groups = catalog.subscriptionGroups
        guard groups.count == 1, let first = groups[0].subscriptionsByLevel.first else {
            throw object.error(at: "product", .missing(
                expected: "the product (or purchase label) the step is about; only a catalog with one subscription "
                    + "group lets steps leave it out"))
        }
        return ScenarioTarget(accountId: accountId, productId: first.productID, isDefaultSubscription: true)
    }
}
