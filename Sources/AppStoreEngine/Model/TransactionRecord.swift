import StoreModel

/// A transaction as the store keeps it: its payload (without `signedDate`), its owner and whether the app
/// finished it. Read by the App Store Server API (which filters and pages before signing) and the control API.
public struct TransactionRecord: Hashable, Sendable {
    /// The payload, unsigned.
    public var payload: JWSTransactionDecodedPayload
    /// The owner (for a family-shared transaction, the member).
    public var accountId: String
    /// Whether the app called `finish()`.
    public var isFinished: Bool

    /// `transactionId`.
    public var transactionId: String { payload.transactionId ?? "" }
}
