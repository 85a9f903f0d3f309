import StoreModel

/// Reads the header's `policy`: any of `LifecyclePolicy`'s choices by name, the rest left at their defaults.
enum ScenarioPolicyReader {
    /// One choice: its key and how to read it into the policy.
    private struct Choice {
        let key: String
        let read: (ScenarioNode, inout LifecyclePolicy) throws(ScenarioError) -> Void
    }

    private static func flag(_ key: String, _ path: WritableKeyPath<LifecyclePolicy, Bool>) -> Choice {
        Choice(key: key) { node, policy throws(ScenarioError) in policy[keyPath: path] = try node.bool() }
    }

    private static func rule<Rule: RawRepresentable & CaseIterable>(
        _ key: String, _ path: WritableKeyPath<LifecyclePolicy, Rule>
    ) -> Choice where Rule.RawValue == String {
        Choice(key: key) { node, policy throws(ScenarioError) in
            let value = try node.choice(Rule.allCases.map(\.rawValue))
            if let rule = Rule(rawValue: value) { policy[keyPath: path] = rule }
        }
    }

    private static var choices: [Choice] {
        [
            rule("refundRevocation", \.refundRevocation),
            rule("renewalExtension", \.renewalExtension),
            flag("includesUpgradedTransactionsInEntitlements", \.includesUpgradedTransactionsInEntitlements),
            rule("billingIssueCancellation", \.billingIssueCancellation),
            flag("reportsBillingRetryDuringGracePeriod", \.reportsBillingRetryDuringGracePeriod),
            rule("compressedGracePeriods", \.compressedGracePeriods),
            flag("includesNonRenewingSubscriptionsInAll", \.includesNonRenewingSubscriptionsInAll),
            flag("includesStatusInRevocationNotifications", \.includesStatusInRevocationNotifications),
            rule("renewalStateNumbering", \.renewalStateNumbering),
            rule("gracePeriodScope", \.gracePeriodScope),
            rule("familyWebOrderLineItemId", \.familyWebOrderLineItemId),
            flag("promotionalOffersRequirePriorSubscription", \.promotionalOffersRequirePriorSubscription),
            rule("declinedPriceIncreaseExpiration", \.declinedPriceIncreaseExpiration),
            Choice(key: "maximumRenewals") { node, policy throws(ScenarioError) in
                let value = try node.int(expected: "a positive number of renewals")
                guard value > 0 else { throw node.wrongType(expected: "a positive number of renewals") }
                policy.maximumRenewals = value
            },
        ]
    }

    /// The keys `policy` takes.
    static var keys: [String] { choices.map(\.key) }

    static func read(_ node: ScenarioNode?) throws(ScenarioError) -> LifecyclePolicy {
        var policy = LifecyclePolicy.default
        guard let object = try node?.object() else { return policy }
        try object.rejectUnknownKeys(allowed: keys + ["comment"])
        for choice in choices {
            if let child = object.child(choice.key) { try choice.read(child, &policy) }
        }
        return policy
    }
}
