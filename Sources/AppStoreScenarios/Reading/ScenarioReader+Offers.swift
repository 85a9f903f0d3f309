import StoreModel

/// The `offer` of `buy` steps, checked against the product's offers in the catalog.
extension ScenarioReader {
    func offer(_ node: ScenarioNode, productId: String) throws(ScenarioError) -> ScenarioOffer {
        let object = try node.object()
        let keys = ["introductory", "promotional", "offerCode", "winBack"]
        try object.rejectUnknownKeys(allowed: keys)
        let given = keys.filter { object.has($0) }
        guard given.count == 1, let key = given.first, let value = object.child(key) else {
            throw node.error(.invalid("an offer has exactly one of \(keys.joined(separator: ", "))"))
        }
        guard let subscription = catalog.subscription(id: productId) else {
            throw node.error(.invalid("\(ScenarioText.quoted(productId)) is not an auto-renewable subscription; only subscriptions take offers"))
        }
        func check(_ id: String, among ids: [String], what: String) throws(ScenarioError) {
            guard ids.contains(id) else {
                throw value.error(.invalid(
                    "\(ScenarioText.quoted(id)) is not a \(what) of \(productId) in \(catalogName) (\(what)s: "
                        + "\(ids.isEmpty ? "none" : ids.joined(separator: ", ")))"))
            }
        }
        switch key {
        case "introductory":
            let applies = try value.bool()
            if applies, subscription.introductoryOffer() == nil {
                throw value.error(.invalid("\(productId) has no introductory offer in \(catalogName)"))
            }
            return .introductory(applies)
        case "promotional":
            let id = try value.string(expected: "a promotional offer's offerID")
            try check(id, among: subscription.promotionalOffers.map(\.offerID), what: "promotional offer")
            return .promotional(id)
        case "offerCode":
            let name = try value.string(expected: "an offer code's referenceName")
            try check(name, among: subscription.offerCodes.map(\.referenceName), what: "offer code")
            return .offerCode(name)
        default:
            let id = try value.string(expected: "a win-back offer's offerID")
            try check(id, among: subscription.winBackOffers.map(\.offerID), what: "win-back offer")
            return .winBack(id)
        }
    }
}
