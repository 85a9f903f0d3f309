/// Why a test-session control failed, in StoreKit Testing's `SKTestError.Code` vocabulary plus a reason.
public struct TestSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// StoreKit Testing's error codes.
    public enum Code: String, Hashable, Sendable {
        /// The operation does not apply in the current state.
        case invalidAction
        /// No product with that identifier.
        case invalidProductIdentifier
        /// The product has the wrong type for the operation.
        case invalidProductType
        /// No subscription for that product or transaction.
        case noSubscriptionFound
        /// No transaction with that identifier.
        case noTransactionFound
        /// The store could not be reached or failed.
        case serviceUnavailable
        /// The backend cannot do this (a server on the wall clock cannot advance time).
        case unsupported
    }

    /// What kind of failure.
    public let code: Code
    /// What went wrong, where, and how to fix it.
    public let reason: String

    /// Creates an error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// Equal when the codes are, whatever the reason.
    public static func == (lhs: TestSessionError, rhs: TestSessionError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// `code: reason`.
    public var description: String { "\(code.rawValue): \(reason)" }
}
