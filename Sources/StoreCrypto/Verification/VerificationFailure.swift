import StoreModel

/// Why signed data failed verification: one specific ``Reason`` per check of the pipeline, plus diagnostic text.
///
/// Two mappings translate a failure into the vocabularies of Apple's libraries: ``appleVerificationStatus``
/// (the Python library's `VerificationStatus`) and ``storeKitVerificationError`` (StoreKit's
/// `VerificationResult.VerificationError`). Equality compares the ``reason`` only.
public struct VerificationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The check that failed, in pipeline order.
    public enum Reason: Hashable, Sendable {
        /// The input is larger than the verifier's limit; rejected before any decoding.
        case inputTooLarge(byteCount: Int, limit: Int)
        /// Not exactly three dot-separated segments.
        case malformedJWS(segments: Int)
        /// A segment is not strict unpadded base64url.
        case invalidBase64URL(JWSSegment)
        /// The header is not a JSON object.
        case headerNotJSON
        /// A registered header parameter has the wrong JSON type (for example a numeric `alg`).
        case invalidHeaderParameter(String)
        /// The payload is not JSON.
        case payloadNotJSON
        /// The payload JSON lacks a property the payload type requires (the coding path).
        case payloadMissingProperty(String)
        /// The payload JSON does not match the payload type (the coding path and what was wrong).
        case payloadTypeMismatch(String)
        /// The header has no `alg`.
        case missingAlgorithm
        /// The header's `alg` is not `ES256` (for example `none`, `HS256`, `ES384`).
        case unsupportedAlgorithm(String)
        /// The header has no `x5c`, or an empty one.
        case missingX5C
        /// `x5c` does not have exactly three entries.
        case chainLength(Int)
        /// An `x5c` entry (0 = leaf, 1 = intermediate) is not strict padded standard base64.
        case certificateNotBase64(index: Int)
        /// An `x5c` entry does not decode to one DER certificate.
        case certificateNotDER(index: Int)
        /// No path leads from the leaf through the intermediate to a configured root.
        case untrustedChain
        /// A certificate of the chain had expired at the validation instant.
        case certificateExpired(at: Timestamp)
        /// A certificate of the chain was not yet valid at the validation instant.
        case certificateNotYetValid(at: Timestamp)
        /// OpenSSL rejected the chain for another reason (bad certificate signature, issuer not a CA, …).
        case invalidCertificateChain(CertificateChainError.Reason)
        /// The validated path is not leaf → intermediate → root (for example a leaf issued by the root).
        case unexpectedCertificatePath(length: Int)
        /// The leaf lacks the App Store marker extension `1.2.840.113635.100.6.11.1`.
        case missingLeafMarkerOID
        /// The intermediate lacks the WWDR marker extension `1.2.840.113635.100.6.2.1`.
        case missingIntermediateMarkerOID
        /// The leaf's public key is not EC P-256.
        case leafKeyNotP256
        /// The signature is not 64 bytes (`r ‖ s`), for example a DER-encoded ECDSA signature.
        case signatureNotRaw64Bytes(Int)
        /// The signature does not verify with the leaf key.
        case invalidSignature
        /// The payload's bundle identifier is not the configured one.
        case bundleIdMismatch(expected: String, found: String?)
        /// The payload's app Apple ID is not the configured one (checked in Production only).
        case appAppleIdMismatch(expected: Int64, found: Int64?)
        /// The payload's environment is not the configured one.
        case environmentMismatch(expected: AppStoreEnvironment, found: AppStoreEnvironment?)
    }

    /// The check that failed.
    public let reason: Reason
    /// Extra diagnostics (OpenSSL's message, the decoder's error); not part of equality.
    public let detail: String?

    /// Creates a failure.
    public init(_ reason: Reason, detail: String? = nil) {
        self.reason = reason
        self.detail = detail
    }

    public static func == (lhs: VerificationFailure, rhs: VerificationFailure) -> Bool {
        lhs.reason == rhs.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(reason)
    }

    /// A sentence for people: what failed, and the diagnostic detail when there is one.
    public var description: String {
        detail.map { "\(message) (\($0))" } ?? message
    }

    /// What failed, without the detail.
    public var message: String {
        switch reason {
        case .inputTooLarge(let count, let limit): "The signed data has \(count) bytes, more than the limit of \(limit)."
        case .malformedJWS(let segments): "The signed data is not a compact JWS: it has \(segments) segments, not 3."
        case .invalidBase64URL(let segment): "The JWS \(segment) is not valid unpadded base64url."
        case .headerNotJSON: "The JWS header is not a JSON object."
        case .invalidHeaderParameter(let name): "The JWS header parameter \"\(name)\" has the wrong type."
        case .payloadNotJSON: "The JWS payload is not JSON."
        case .payloadMissingProperty(let path): "The JWS payload lacks the required property \(path)."
        case .payloadTypeMismatch(let path): "The JWS payload does not match the expected type at \(path)."
        case .missingAlgorithm: "The JWS header has no \"alg\"."
        case .unsupportedAlgorithm(let algorithm): "The JWS algorithm is \"\(algorithm)\"; only ES256 is accepted."
        case .missingX5C: "The JWS header has no \"x5c\" certificate chain."
        case .chainLength(let count): "The x5c certificate chain has \(count) entries; exactly 3 are required."
        case .certificateNotBase64(let index): "x5c[\(index)] is not padded standard base64."
        case .certificateNotDER(let index): "x5c[\(index)] is not a DER X.509 certificate."
        case .untrustedChain: "The certificate chain does not lead to a trusted root."
        case .certificateExpired(let instant): "A certificate of the chain had expired at \(instant)."
        case .certificateNotYetValid(let instant): "A certificate of the chain was not yet valid at \(instant)."
        case .invalidCertificateChain(let reason): "The certificate chain is invalid (\(reason.rawValue))."
        case .unexpectedCertificatePath(let length):
            "The validated certificate path has \(length) certificates instead of leaf, intermediate and root."
        case .missingLeafMarkerOID: "The signing certificate lacks the App Store extension 1.2.840.113635.100.6.11.1."
        case .missingIntermediateMarkerOID: "The intermediate certificate lacks the extension 1.2.840.113635.100.6.2.1."
        case .leafKeyNotP256: "The signing certificate's key is not an EC P-256 key."
        case .signatureNotRaw64Bytes(let count): "The ES256 signature has \(count) bytes instead of 64 (raw r‖s)."
        case .invalidSignature: "The JWS signature does not verify with the signing certificate's key."
        case .bundleIdMismatch(let expected, let found):
            "The bundle identifier is \(found.map { "\"\($0)\"" } ?? "missing"), expected \"\(expected)\"."
        case .appAppleIdMismatch(let expected, let found):
            "The app Apple ID is \(found.map(String.init) ?? "missing"), expected \(expected)."
        case .environmentMismatch(let expected, let found):
            "The environment is \(found.map { "\"\($0)\"" } ?? "missing"), expected \"\(expected)\"."
        }
    }
}
