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

/// A purchase that waits for someone: a parent's Ask to Buy decision or the customer resolving an interrupted
/// purchase.
public struct PendingPurchase: Hashable, Sendable, Codable {
    /// Why it waits.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Ask to Buy: approve with ``AppStoreEngine/approveAskToBuy(_:)``, decline with
        /// ``AppStoreEngine/declineAskToBuy(_:)``.
        case askToBuy
        /// An interrupted purchase: complete with ``AppStoreEngine/resolvePurchaseIssue(_:)``.
        case interrupted
    }

    /// The identifier to approve, decline or resolve it by (a lowercase UUID).
    public var id: String
    /// Why it waits.
    public var kind: Kind
    /// The purchase as requested.
    public var request: PurchaseRequest
    /// When it was requested.
    public var requestDate: Timestamp
}

/// A transaction as StoreKit hands it over: the JWS signed at issue and its decoded payload.
public struct SignedTransaction: Hashable, Sendable {
    /// The compact JWS (`jwsRepresentation`).
    public var jws: String
    /// The decoded payload (`signedDate` = the moment of signing).
    public var payload: JWSTransactionDecodedPayload

    /// `transactionId`.
    public var transactionId: String { payload.transactionId ?? "" }
}

/// Renewal information as StoreKit hands it over: the JWS signed at issue and its decoded payload.
public struct SignedRenewalInfo: Hashable, Sendable {
    /// The compact JWS.
    public var jws: String
    /// The decoded payload.
    public var payload: JWSRenewalInfoDecodedPayload
}

/// An app transaction as StoreKit hands it over: the JWS signed at issue and its decoded payload.
public struct SignedAppTransaction: Hashable, Sendable {
    /// The compact JWS.
    public var jws: String
    /// The decoded payload.
    public var payload: AppTransaction
}
