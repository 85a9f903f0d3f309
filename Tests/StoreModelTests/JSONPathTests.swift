import StoreModel
import Testing

/// How JSON paths are written in messages.
@Suite struct JSONPathTests {
    @Test func writesKeysWithDotsAndIndexesInBrackets() {
        let path = JSONPath.root.appending(key: "subscriptionGroups").appending(index: 0).appending(key: "subscriptions")
            .appending(index: 12).appending(key: "recurringSubscriptionPeriod")
        #expect(path.description == "subscriptionGroups[0].subscriptions[12].recurringSubscriptionPeriod")
        #expect(path.components.count == 5)
        #expect(!path.isRoot)
    }

    @Test func bracketsKeysThatAreNotPlainIdentifiers() {
        #expect(JSONPath([.key("settings"), .key("_compatibilityTimeRate"), .key("3")]).description
            == #"settings._compatibilityTimeRate["3"]"#)
        #expect(JSONPath([.key("a b"), .key("q\"uote"), .key(""), .key("$ok")]).description
            == #"["a b"]["q\"uote"][""].$ok"#)
        #expect(JSONPath([.index(2), .key("type")]).description == "[2].type")
    }

    @Test func theRootIsEmpty() {
        #expect(JSONPath.root.isRoot)
        #expect(JSONPath.root.description == "")
        #expect(JSONPath() == .root)
    }
}
