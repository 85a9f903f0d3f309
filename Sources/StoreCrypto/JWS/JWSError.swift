/// The three parts of a JWS compact serialisation.
public enum JWSSegment: String, Hashable, Sendable, CustomStringConvertible {
    /// The protected header (first part).
    case header
    /// The payload (second part).
    case payload
    /// The signature (third part).
    case signature

    public var description: String { rawValue }
}

/// Why a JWS could not be parsed.
public enum JWSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input exceeds the size limit and was rejected before decoding.
    case inputTooLarge(byteCount: Int, limit: Int)
    /// A compact serialisation has exactly three dot-separated parts; this one had `segments`.
    case malformedCompactSerialization(segments: Int)
    /// A part is not strict unpadded base64url.
    case invalidBase64URL(JWSSegment, Base64DecodingError)
    /// The decoded header is not a JSON object; the string says why.
    case headerNotJSON(String)
    /// A registered header parameter (`alg`, `x5c`, `kid`, `typ`) has the wrong JSON type.
    case invalidHeaderParameter(String)

    public var description: String {
        switch self {
        case .inputTooLarge(let count, let limit): "The JWS has \(count) bytes, more than the limit of \(limit)."
        case .malformedCompactSerialization(let segments):
            "A compact JWS has 3 dot-separated segments; this input has \(segments)."
        case .invalidBase64URL(let segment, let problem): "The JWS \(segment) is not valid base64url: \(problem)."
        case .headerNotJSON(let detail): "The JWS header is not a JSON object: \(detail)."
        case .invalidHeaderParameter(let name): "The JWS header parameter \"\(name)\" has the wrong type."
        }
    }
}

/// Why a JWS could not be produced.
public enum JWSSigningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Encoding an `Encodable` payload to JSON failed.
    case payloadEncodingFailed(String)
    /// OpenSSL failed to sign (memory exhaustion).
    case signingFailed(CryptoError)

    public var description: String {
        switch self {
        case .payloadEncodingFailed(let detail): "The payload could not be encoded as JSON: \(detail)."
        case .signingFailed(let error): "Signing failed: \(error)"
        }
    }
}
