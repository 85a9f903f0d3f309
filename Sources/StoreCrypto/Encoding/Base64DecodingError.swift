/// Why a base64 or base64url string was rejected by the strict decoders of this module.
public enum Base64DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A byte outside the alphabet (whitespace and line breaks included) at a zero-based offset.
    case invalidCharacter(offset: Int)
    /// A length that no encoding produces (for example 4n + 1 characters).
    case invalidLength(Int)
    /// `=` padding in base64url, where JWS (RFC 7515 §2) forbids it.
    case paddingNotAllowed
    /// Standard base64 without the `=` padding that the length requires.
    case missingPadding
    /// Unused bits of the last character are not zero: another spelling of the same bytes, which a canonical
    /// encoder never produces.
    case nonCanonicalEncoding

    public var description: String {
        switch self {
        case .invalidCharacter(let offset): "invalid character at offset \(offset)"
        case .invalidLength(let length): "\(length) characters is not a possible encoded length"
        case .paddingNotAllowed: "padding '=' is not allowed in base64url"
        case .missingPadding: "standard base64 must be padded with '=' to a multiple of 4 characters"
        case .nonCanonicalEncoding: "the last character has non-zero unused bits (non-canonical encoding)"
        }
    }
}
