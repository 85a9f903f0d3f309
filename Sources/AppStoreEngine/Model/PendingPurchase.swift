import Foundation
import StoreModel

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
