import StoreModel

/// `expect` steps.
extension ScenarioReader {
    func readExpectation(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioExpectation {
        var expectation = ScenarioExpectation()
        if let node = object.child("status") {
            let names = RenewalState.allCases.map(\.rawValue)
            let state = RenewalState(rawValue: try node.choice(names)) ?? .subscribed
            expectation.status = .init(target: try target(in: object, kind: .subscription), state: state)
        } else {
            for key in ["product", "purchase", "originalTransactionId"] where object.has(key) {
                throw object.error(at: key, .invalid("\(key) names the subscription a status check is about; add status"))
            }
        }
        if let node = object.child("entitlements") {
            var products: [String] = []
            for element in try node.array(expected: "an array of product IDs") { products.append(try product(element)) }
            expectation.entitlements = .init(accountId: try account(in: object), productIds: products.sorted())
        }
        if let node = object.child("notifications") {
            var notifications: [ScenarioExpectation.Notification] = []
            for element in try node.array(expected: "an array of notification names such as \"DID_RENEW\"") {
                notifications.append(try notification(element))
            }
            expectation.notifications = notifications
        }
        guard expectation.status != nil || expectation.entitlements != nil || expectation.notifications != nil else {
            throw object.error(.invalid("an expect step checks at least one of status, entitlements, notifications"))
        }
        return expectation
    }

    private func notification(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioExpectation.Notification {
        let expected = "a notification name such as \"DID_RENEW\" or \"DID_FAIL_TO_RENEW/GRACE_PERIOD\""
        if node.value is String { return .init(name: try notificationName(node, expected: expected), status: nil) }
        let object = try node.object()
        try object.rejectUnknownKeys(allowed: ["name", "status"])
        let name = try notificationName(object.required("name", expected: expected), expected: expected)
        var status: Int32?
        if let child = object.child("status") {
            let value = try child.int(expected: "a status from 1 to 5")
            guard (1...5).contains(value) else { throw child.wrongType(expected: "a status from 1 to 5") }
            status = Int32(value)
        }
        return .init(name: name, status: status)
    }

    private func notificationName(_ node: ScenarioNode, expected: String) throws(ScenarioError) -> String {
        let name = try node.string(expected: expected)
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let types = NotificationTypeV2.knownValues.map(\.rawValue)
        guard parts.count <= 2, types.contains(parts[0]) else {
            throw node.error(.invalid("\(ScenarioText.quoted(name)) is not a notification type (types: \(types.joined(separator: ", ")))"))
        }
        if parts.count == 2 {
            let subtypes = Subtype.knownValues.map(\.rawValue)
            guard subtypes.contains(parts[1]) else {
                throw node.error(.invalid("\(ScenarioText.quoted(parts[1])) is not a notification subtype (subtypes: \(subtypes.joined(separator: ", ")))"))
            }
        }
        return name
    }
}
