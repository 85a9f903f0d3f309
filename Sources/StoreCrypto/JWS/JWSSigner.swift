import Foundation

/// Signs payloads as compact ES256 JWS with one key and one header, prepared once.
///
/// The header's base64url text and the SHA-256 state after it are computed at initialisation, so each signature
/// encodes and hashes only the payload. The output is written straight into the result string's storage.
public struct JWSSigner: Sendable {
    /// The signing key.
    public let key: P256PrivateKey
    /// The header of every JWS this signer produces (its `alg` is always `"ES256"`).
    public let header: JWSHeader
    private let prefix: SigningInputPrefix

    /// The length of an ES256 signature in base64url, the last segment of every JWS this signer produces: 64 bytes
    /// → 86 characters.
    public static let encodedSignatureLength = 86

    /// Creates a signer.
    /// - Parameters:
    ///   - key: The P-256 private key.
    ///   - header: The header to use; its `alg` is set to `"ES256"` whatever it was.
    public init(key: P256PrivateKey, header: JWSHeader = JWSHeader()) {
        var header = header
        header.alg = "ES256"
        self.key = key
        self.header = header
        prefix = SigningInputPrefix(header: header)
    }

    /// Signs payload bytes and returns the compact serialisation.
    /// - Throws: ``JWSSigningError/signingFailed(_:)`` if OpenSSL fails (memory exhaustion).
    public func sign(payload: Data) throws(JWSSigningError) -> String {
        let total = compactLength(ofPayloadCount: payload.count)
        var succeeded = true
        let jws = payload.withUnsafeBytes { payload in
            String(unsafeUninitializedCapacity: total) { output -> Int in
                succeeded = write(payload, into: output)
                return succeeded ? total : 0
            }
        }
        guard succeeded else { throw .signingFailed(.openSSL("sign a JWS")) }
        return jws
    }

    /// Signs payload bytes and appends the compact serialisation to `output`, which a caller signing many payloads
    /// can keep and reuse (no string is allocated per signature).
    /// - Returns: Where the JWS starts in `output`; it ends at the end of `output`.
    /// - Throws: ``JWSSigningError/signingFailed(_:)`` if OpenSSL fails (memory exhaustion); `output` is then left
    ///   as it was.
    @discardableResult
    public func sign(payload: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) throws(JWSSigningError) -> Int {
        let start = output.count
        let total = compactLength(ofPayloadCount: payload.count)
        output.reserveCapacity(start + total)
        output.append(contentsOf: repeatElement(0, count: total))
        let succeeded = output.withUnsafeMutableBufferPointer { buffer in
            write(payload, into: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
        guard succeeded else {
            output.removeSubrange(start...)
            throw .signingFailed(.openSSL("sign a JWS"))
        }
        return start
    }

    /// The length of the compact serialisation of a payload of `count` bytes.
    private func compactLength(ofPayloadCount count: Int) -> Int {
        prefix.bytes.count + Base64Codec.url.encodedLength(of: count) + 1 + Self.encodedSignatureLength
    }

    /// Writes the compact serialisation of `payload` into `output`, which holds exactly its length.
    /// - Returns: `false` when OpenSSL fails.
    private func write(_ payload: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        let codec = Base64Codec.url
        let prefixCount = prefix.bytes.count
        let payloadLength = codec.encodedLength(of: payload.count)
        prefix.bytes.withUnsafeBufferPointer {
            output.baseAddress!.initialize(from: $0.baseAddress!, count: prefixCount)
        }
        let encodedPayload = UnsafeMutableBufferPointer(rebasing: output[prefixCount..<prefixCount + payloadLength])
        _ = codec.encode(payload, into: encodedPayload)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32 + 64) { scratch in
            let digest = scratch.baseAddress!
            let signature = digest + 32
            guard prefix.digest(appending: UnsafeRawBufferPointer(encodedPayload), into: digest),
                key.signDigest(UnsafeRawBufferPointer(start: digest, count: 32), rawSignatureInto: signature)
            else { return false }
            output[prefixCount + payloadLength] = UInt8(ascii: ".")
            _ = codec.encode(
                UnsafeRawBufferPointer(start: signature, count: 64),
                into: UnsafeMutableBufferPointer(rebasing: output[(prefixCount + payloadLength + 1)...]))
            return true
        }
    }

    /// Encodes a value as JSON and signs it.
    /// - Parameters:
    ///   - value: The payload; App Store payloads encode dates as integer milliseconds (`Timestamp`).
    ///   - encoder: The JSON encoder; by default one that does not escape `/`.
    /// - Throws: ``JWSSigningError/payloadEncodingFailed(_:)`` or ``JWSSigningError/signingFailed(_:)``.
    public func sign(_ value: some Encodable, encoder: JSONEncoder? = nil) throws(JWSSigningError) -> String {
        let payload: Data
        do {
            payload = try (encoder ?? Self.makeEncoder()).encode(value)
        } catch {
            throw .payloadEncodingFailed(String(describing: error))
        }
        return try sign(payload: payload)
    }

    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }
}
