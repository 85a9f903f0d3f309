/// Refunds and consumption requests (subscription-lifecycle.md §2.4 rows 12, 12b; §3.10; §7.1).
extension SubscriptionLifecycle {
    /// `REFUND`: the transaction gets its revocation fields; refunding the latest transaction (or, by policy,
    /// any) revokes the subscription (status 5).
    mutating func refund(
        _ details: RefundDetails, in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        let transaction = details.transaction
        try checkMembership(transaction)
        guard transaction.revocationDate == nil else {
            throw .transactionAlreadyRevoked(transactionId: transaction.transactionId ?? "?")
        }
        var refunded = transaction
        refunded.revocationDate = context.now
        refunded.revocationReason = details.reason
        refunded.revocationType = details.type
        refunded.revocationPercentage = details.type == .refundProrated ? (details.percentage ?? 100_000) : 100_000
        actions.append(.updateTransaction(refunded))
        let revokesChain = context.policy.refundRevocation == .anyTransaction
            || transaction.transactionId == latestTransactionId
        if revokesChain, !isRevoked {
            state = .revoked(previous: state, date: context.now)
        }
        actions.append(.enqueueNotification(draft(.refund, transactionId: transaction.transactionId, in: context)))
    }

    /// `REFUND_DECLINED` for a refund the customer asked for in the app; nothing else changes.
    mutating func declineRefund(
        _ transaction: JWSTransactionDecodedPayload, in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        try checkMembership(transaction)
        actions.append(.enqueueNotification(
            draft(.refundDeclined, transactionId: transaction.transactionId, in: context)))
    }

    /// `REFUND_REVERSED`: the revocation fields are cleared and a revoked subscription returns to the state it
    /// was in; the renewal date is unchanged.
    mutating func reverseRefund(
        _ transaction: JWSTransactionDecodedPayload, in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        try checkMembership(transaction)
        guard transaction.revocationDate != nil else {
            throw .transactionNotRevoked(transactionId: transaction.transactionId ?? "?")
        }
        var reinstated = transaction
        reinstated.revocationDate = nil
        reinstated.revocationReason = nil
        reinstated.revocationType = nil
        reinstated.revocationPercentage = nil
        actions.append(.updateTransaction(reinstated))
        if case .revoked(let previous, _) = state,
            context.policy.refundRevocation == .anyTransaction || transaction.transactionId == latestTransactionId
        {
            state = previous
        }
        actions.append(.enqueueNotification(
            draft(.refundReversed, transactionId: transaction.transactionId, in: context)))
    }

    /// The customer asked for a refund in the app: the App Store turns auto-renew off
    /// (`DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED`), then asks for consumption data (`CONSUMPTION_REQUEST`).
    mutating func requestRefund(
        _ transaction: JWSTransactionDecodedPayload, reason: ConsumptionRequestReason, in context: LifecycleContext,
        actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        try checkMembership(transaction)
        guard transaction.revocationDate == nil else {
            throw .transactionAlreadyRevoked(transactionId: transaction.transactionId ?? "?")
        }
        if isAutoRenewEnabled, state.isOngoing {
            try setAutoRenew(false, in: context, actions: &actions)
        }
        actions.append(.enqueueNotification(
            draft(.consumptionRequest, transactionId: transaction.transactionId, reason: reason, in: context)))
    }

    /// Whether the chain is revoked.
    var isRevoked: Bool {
        if case .revoked = state { return true }
        return false
    }
}
