import Foundation

/// Standard base64 with padding (RFC 4648 §4), as the `x5c` JWS header carries certificates (RFC 7515 §4.1.6).
///
/// Decoding is strict: `+` and `/` only (no base64url characters), no whitespace or line breaks, `=` padding
/// required to a multiple of four characters, and canonical final characters.
public enum StrictBase64 {
    /// Encodes bytes as padded standard base64.
    public static func encode(_ data: some DataProtocol) -> String {
        Base64Codec.standard.encode(data)
    }

    /// Decodes padded standard base64.
    /// - Throws: ``Base64DecodingError`` describing the first problem.
    public static func decode(_ string: some StringProtocol) throws(Base64DecodingError) -> Data {
        try Base64Codec.standard.decode(string)
    }
}
