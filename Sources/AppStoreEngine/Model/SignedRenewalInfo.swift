import Foundation
import StoreModel

/// Renewal information as StoreKit hands it over: the JWS signed at issue and its decoded payload.
public struct SignedRenewalInfo: Hashable, Sendable {
    /// The compact JWS.
    public var jws: String
    /// The decoded payload.
    public var payload: JWSRenewalInfoDecodedPayload
}
