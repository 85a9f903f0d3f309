import StoreModel

/// An `expect` step: what must hold at that point. Any combination of the three checks.
public struct ScenarioExpectation: Hashable, Sendable {
    /// `status`: a subscription's renewal state.
    public struct StatusCheck: Hashable, Sendable {
        /// The subscription.
        public var target: ScenarioTarget
        /// `subscribed`, `expired`, `inBillingRetryPeriod`, `inGracePeriod` or `revoked`.
        public var state: RenewalState
    }

    /// `entitlements`: the product IDs of an account's current entitlements, in any order.
    public struct EntitlementCheck: Hashable, Sendable {
        /// The account.
        public var accountId: String
        /// The product IDs, sorted.
        public var productIds: [String]
    }

    /// One expected notification: `TYPE` or `TYPE/SUBTYPE`, optionally with its `data.status`.
    public struct Notification: Hashable, Sendable, CustomStringConvertible {
        /// `TYPE` or `TYPE/SUBTYPE`.
        public var name: String
        /// The expected `data.status` (1–5), if checked.
        public var status: Int32?

        /// `NAME` or `NAME (status N)`.
        public var description: String { status.map { "\(name) (status \($0))" } ?? name }
    }

    /// The status check, if any.
    public var status: StatusCheck?
    /// The entitlements check, if any.
    public var entitlements: EntitlementCheck?
    /// `notifications`: every notification raised since the previous `expect` step that checked notifications (or
    /// since the start), in order.
    public var notifications: [Notification]?
}
