/// How a purchase ended at the store.
public enum BackendPurchaseResult: Hashable, Sendable {
    /// Charged: the signed transaction.
    case purchased(jws: String)
    /// Waiting for Ask to Buy approval or for an interrupted purchase to be resolved.
    case pending
}

/// Why the store refused a purchase: a purchase error or any other StoreKit error.
public enum PurchaseFailure: Error, Sendable {
    /// `Product.PurchaseError`.
    case purchase(Product.PurchaseError)
    /// `StoreKitError`.
    case storeKit(StoreKitError)

    /// The error the app sees.
    var error: any Error {
        switch self {
        case .purchase(let error): error
        case .storeKit(let error): error
        }
    }
}

/// A page of the updates feed: signed transactions, oldest first, and the cursor to read on from.
public struct SignedUpdates: Hashable, Sendable {
    /// The signed transactions.
    public var transactions: [String]
    /// The cursor after the last one.
    public var cursor: Int64

    /// Creates a page.
    public init(transactions: [String], cursor: Int64) {
        self.transactions = transactions
        self.cursor = cursor
    }
}

/// One subscription status as the store signs it.
public struct SignedSubscriptionStatus: Hashable, Sendable {
    /// The state's raw value (the server status code, 1–5).
    public var state: Int
    /// The latest transaction, signed.
    public var transaction: String
    /// The renewal information, signed.
    public var renewalInfo: String

    /// Creates a status.
    public init(state: Int, transaction: String, renewalInfo: String) {
        self.state = state
        self.transaction = transaction
        self.renewalInfo = renewalInfo
    }
}
