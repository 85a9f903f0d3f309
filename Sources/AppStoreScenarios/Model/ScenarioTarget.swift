/// What a step acts on: a purchase named by account and product (or by the label a `buy` step gave it), or a
/// transaction named by its ID.
///
/// For steps on a subscription the target is the account's subscription in the product's group; for steps on a
/// transaction it is that subscription's latest transaction, or for other products the account's latest
/// transaction of the product. Targets are resolved against the engine's state when the step runs.
public struct ScenarioTarget: Hashable, Sendable {
    /// The account.
    public var accountId: String
    /// The product, or for a subscription any product of its group; `nil` only with ``transactionId``.
    public var productId: String?
    /// `transactionId` (or `originalTransactionId` for subscriptions), when the step names one.
    public var transactionId: String?
    /// `purchase`: the label the target was named by, if any.
    public var label: String?
    /// Whether ``productId`` was filled in because the catalog has one subscription group.
    public var isDefaultSubscription = false

    /// How summaries name the target: the label, the transaction ID, or the short product and the account.
    func summary(bundleId: String) -> String {
        if let label { return label }
        if let transactionId { return "transaction \(transactionId)" }
        let product = isDefaultSubscription ? "subscription" : ScenarioNames.short(productId ?? "", bundleId: bundleId)
        return "\(product) (\(accountId))"
    }
}
