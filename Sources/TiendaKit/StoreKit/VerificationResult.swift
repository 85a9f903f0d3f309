import Foundation

/// The outcome of verifying a signed value (`VerificationResult`): verified, or unverified with the reason.
///
/// The device checks the App Store's signature, the certificate chain to the trusted root, the bundle
/// identifier, and that the value was issued to this device. Grant nothing for an unverified value.
///
/// ```swift
/// switch result {
/// case .verified(let transaction): deliver(transaction)
/// case .unverified(_, let error): log("not granting: \(error)")
/// }
/// ```
public enum VerificationResult<SignedType: Sendable>: Sendable {
    /// A check failed; the value is **not** trustworthy.
    case unverified(SignedType, VerificationError)
    /// Every check passed.
    case verified(SignedType)

    /// StoreKit's name for the verification error of any ``VerificationResult``.
    public typealias VerificationError = TiendaKit.VerificationError

    /// The verified value.
    /// - Throws: The ``VerificationError`` when verification failed.
    public var payloadValue: SignedType {
        get throws(VerificationError) {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let error): throw error
            }
        }
    }

    /// The value whether or not it was verified.
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value), .unverified(let value, _): value
        }
    }

    /// The verification error, or `nil` when verified.
    public var verificationError: VerificationError? {
        if case .unverified(_, let error) = self { return error }
        return nil
    }
}

extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

/// A value that carries the compact JWS it was decoded from.
public protocol JWSRepresentable: Sendable {
    /// The compact JWS (empty for values built in code).
    var jwsRepresentation: String { get }
}

extension Transaction: JWSRepresentable {}
extension AppTransaction: JWSRepresentable {}
extension Product.SubscriptionInfo.RenewalInfo: JWSRepresentable {}

extension VerificationResult where SignedType: JWSRepresentable {
    /// The compact JWS the value was decoded from.
    public var jwsRepresentation: String { unsafePayloadValue.jwsRepresentation }

    /// The JWS header, decoded from base64url.
    public var headerData: Data { JWSSegments.decode(jwsRepresentation, segment: 0) }

    /// The JWS payload, decoded from base64url.
    public var payloadData: Data { JWSSegments.decode(jwsRepresentation, segment: 1) }

    /// The JWS signature, decoded from base64url.
    public var signatureData: Data { JWSSegments.decode(jwsRepresentation, segment: 2) }

    /// The signed bytes: `header.payload` as ASCII.
    public var signedData: Data {
        Data(jwsRepresentation.split(separator: ".", omittingEmptySubsequences: false).prefix(2).joined(separator: ".").utf8)
    }
}

/// The segments of a compact JWS.
enum JWSSegments {
    /// Segment `index` of `jws`, base64url-decoded (empty when missing or invalid).
    static func decode(_ jws: String, segment index: Int) -> Data {
        let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.indices.contains(index) else { return Data() }
        var text = segments[index].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text) ?? Data()
    }
}
