/// What a purchaser's chain just did, for a family member's chain to follow.
public struct FamilyMirror: Hashable, Sendable {
    /// The purchaser's chain after the event.
    public var purchaser: SubscriptionLifecycle
    /// The actions the purchaser's event produced.
    public var purchaserActions: [LifecycleAction]
    /// The member's latest transaction, for in-place changes.
    public var memberLatestTransaction: JWSTransactionDecodedPayload

    /// Creates a mirror input.
    public init(
        purchaser: SubscriptionLifecycle, purchaserActions: [LifecycleAction],
        memberLatestTransaction: JWSTransactionDecodedPayload
    ) {
        self.purchaser = purchaser
        self.purchaserActions = purchaserActions
        self.memberLatestTransaction = memberLatestTransaction
    }
}
