import Foundation
import StoreModel

/// A transaction as StoreKit hands it over: the JWS signed at issue and its decoded payload.
public struct SignedTransaction: Hashable, Sendable {
    /// The compact JWS (`jwsRepresentation`).
    public var jws: String
    /// The decoded payload (`signedDate` = the moment of signing).
    public var payload: JWSTransactionDecodedPayload

    /// `transactionId`.
    public var transactionId: String { payload.transactionId ?? "" }
}
