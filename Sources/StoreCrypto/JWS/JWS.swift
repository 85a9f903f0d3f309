import Foundation

/// One-off ES256 JWS signing; for many signatures with the same key and header, keep a ``JWSSigner``.
public enum JWS {
    /// Signs payload bytes with `key` under `header` (whose `alg` becomes `"ES256"`).
    /// - Returns: The compact serialisation `header.payload.signature`.
    /// - Throws: ``JWSSigningError/signingFailed(_:)`` if OpenSSL fails.
    public static func sign(payload: Data, key: P256PrivateKey, header: JWSHeader = JWSHeader()) throws(JWSSigningError)
        -> String
    {
        try JWSSigner(key: key, header: header).sign(payload: payload)
    }

    /// Encodes `value` as JSON and signs it with `key` under `header`.
    /// - Throws: ``JWSSigningError/payloadEncodingFailed(_:)`` or ``JWSSigningError/signingFailed(_:)``.
    public static func sign(_ value: some Encodable, key: P256PrivateKey, header: JWSHeader = JWSHeader())
        throws(JWSSigningError) -> String
    {
        try JWSSigner(key: key, header: header).sign(value)
    }
}
