import Foundation
import StoreModel

/// What a purchase returns, like StoreKit's `Product.PurchaseResult` (cancellation happens in the client).
public enum PurchaseResult: Hashable, Sendable {
    /// The purchase completed: the new transaction, or the existing one when nothing was charged (a downgrade,
    /// or buying the current subscription again).
    case success(SignedTransaction)
    /// The purchase waits for Ask to Buy approval or for an interrupted purchase to be resolved.
    case pending(PendingPurchase)

    /// The transaction of a successful purchase.
    public var transaction: SignedTransaction? {
        if case .success(let transaction) = self { return transaction }
        return nil
    }

    /// The pending purchase.
    public var pendingPurchase: PendingPurchase? {
        if case .pending(let pending) = self { return pending }
        return nil
    }
}
