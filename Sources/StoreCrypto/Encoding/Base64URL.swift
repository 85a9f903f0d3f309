import Foundation

/// Base64url without padding (RFC 4648 §5), as JWS compact serialisation uses it (RFC 7515 §2).
///
/// Decoding is strict: characters outside `A–Z a–z 0–9 - _` (whitespace included), any `=`, impossible lengths
/// and non-canonical final characters are rejected, so every byte string has exactly one accepted spelling.
public enum Base64URL {
    /// Encodes bytes as base64url without padding.
    public static func encode(_ data: some DataProtocol) -> String {
        Base64Codec.url.encode(data)
    }

    /// Decodes unpadded base64url.
    /// - Throws: ``Base64DecodingError`` describing the first problem.
    public static func decode(_ string: some StringProtocol) throws(Base64DecodingError) -> Data {
        try Base64Codec.url.decode(string)
    }
}
