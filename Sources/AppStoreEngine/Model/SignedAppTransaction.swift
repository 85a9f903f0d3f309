import Foundation
import StoreModel

/// An app transaction as StoreKit hands it over: the JWS signed at issue and its decoded payload.
public struct SignedAppTransaction: Hashable, Sendable {
    /// The compact JWS.
    public var jws: String
    /// The decoded payload.
    public var payload: AppTransaction
}
