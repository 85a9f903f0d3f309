/// A transaction as Get Transaction Info answers it: signed for the server (no device verification), with the
/// customer it belongs to.
public struct ServerTransaction: Hashable, Sendable {
    /// The app and account the transaction belongs to.
    public var customer: Customer
    /// The signed transaction.
    public var signed: SignedTransaction
}
