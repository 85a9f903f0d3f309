import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed JWS compact serialisation (`header.payload.signature`, RFC 7515 §7.1), not yet verified.
///
/// Parsing checks the shape only: exactly three segments, strict base64url in each, and a header that is a JSON
/// object with well-typed registered parameters. Whether the signature is valid, and whom to trust, is the
/// verifier's business.
public struct CompactJWS: Sendable {
    /// The default limit on the serialisation's size: 1 MiB, far above any App Store JWS (a few kilobytes).
    public static let defaultMaximumByteCount = 1 << 20

    /// The compact serialisation as given.
    public let serialization: String
    /// The decoded protected header.
    public let header: JWSHeader
    /// The decoded payload bytes (normally JSON).
    public let payload: Data
    /// The decoded signature bytes; ES256 requires exactly 64 (`r ‖ s`), which parsing does not enforce.
    public let signature: Data
    /// The UTF-8 length of `header.payload`, the bytes the signature covers.
    let signingInputByteCount: Int

    /// Parses a compact serialisation.
    /// - Parameters:
    ///   - serialization: The JWS text.
    ///   - maximumByteCount: Inputs longer than this (in UTF-8 bytes) are rejected before any decoding.
    /// - Throws: ``JWSError`` for the first shape problem found, in the order size, segment count, header,
    ///   payload, signature.
    public init(parsing serialization: String, maximumByteCount: Int = defaultMaximumByteCount) throws(JWSError) {
        try self.init(parsing: serialization, maximumByteCount: maximumByteCount, headerCache: nil)
    }

    /// Parses a compact serialisation, reusing headers already parsed from the same header segment text.
    init(parsing serialization: String, maximumByteCount: Int, headerCache: JWSHeaderCache?) throws(JWSError) {
        let byteCount = serialization.utf8.count
        guard byteCount <= maximumByteCount else { throw .inputTooLarge(byteCount: byteCount, limit: maximumByteCount) }
        var text = serialization
        let parts = try text.withUTF8 { bytes in
            Result { () throws(JWSError) in try Self.decodeParts(bytes, headerCache: headerCache) }
        }.get()
        self.serialization = text
        header = parts.header
        payload = parts.payload
        signature = parts.signature
        signingInputByteCount = parts.signingInputByteCount
    }

    /// The signing input, `header.payload`, as it appears in the serialisation.
    public var signingInput: Substring {
        serialization[..<serialization.utf8.index(serialization.startIndex, offsetBy: signingInputByteCount)]
    }

    /// Whether the signature is a valid ES256 signature (raw 64-byte `r ‖ s`) of the signing input by `key`.
    /// Signatures of any other length are rejected without calling OpenSSL.
    public func hasValidES256Signature(from key: P256PublicKey) -> Bool {
        guard signature.count == ES256Signature.rawByteCount else { return false }
        var text = serialization
        let count = signingInputByteCount
        return text.withUTF8 { utf8 in
            SHA256.withDigest(of: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[0..<count]))) { digest in
                signature.withUnsafeBytes { key.isValidRawSignature($0, digest: digest) }
            }
        }
    }

    private struct Parts {
        let header: JWSHeader
        let payload: Data
        let signature: Data
        let signingInputByteCount: Int
    }

    private static func decodeParts(_ bytes: UnsafeBufferPointer<UInt8>, headerCache: JWSHeaderCache?) throws(JWSError)
        -> Parts
    {
        guard let first = dotOffset(in: bytes, from: 0), let second = dotOffset(in: bytes, from: first + 1),
            dotOffset(in: bytes, from: second + 1) == nil
        else {
            throw .malformedCompactSerialization(segments: dotCount(in: bytes) + 1)
        }
        let dots = (first, second)
        let headerSegment = UnsafeBufferPointer(rebasing: bytes[0..<dots.0])
        let header: JWSHeader
        if let headerCache {
            header = try headerCache.header(for: headerSegment) { () throws(JWSError) in try decodeHeader(headerSegment) }
        } else {
            header = try decodeHeader(headerSegment)
        }
        let payload = try decode(bytes, dots.0 + 1..<dots.1, as: .payload)
        let signature = try decode(bytes, dots.1 + 1..<bytes.count, as: .signature)
        return Parts(header: header, payload: payload, signature: signature, signingInputByteCount: dots.1)
    }

    /// Decodes and parses a header segment.
    private static func decodeHeader(_ segment: UnsafeBufferPointer<UInt8>) throws(JWSError) -> JWSHeader {
        let headerBytes = try decode(segment, 0..<segment.count, as: .header)
        let json = headerBytes.withUnsafeBytes { raw in
            Result { () throws(JSONParser.Failure) in try JSONValue(JSONParser.parse(raw.bindMemory(to: UInt8.self))) }
        }
        let header: JWSHeader
        switch json {
        case .success(let value): header = try JWSHeader(json: value)
        case .failure(let failure): throw .headerNotJSON(failure.description)
        }
        return header
    }

    /// The offset of the first dot at or after `start`, found with `memchr`.
    private static func dotOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(UInt8(ascii: ".")), bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The number of dots (error path only).
    private static func dotCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var offset = 0
        while let dot = dotOffset(in: bytes, from: offset) {
            count += 1
            offset = dot + 1
        }
        return count
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, as segment: JWSSegment)
        throws(JWSError) -> Data
    {
        do {
            return try Base64Codec.url.decode(UnsafeBufferPointer(rebasing: bytes[range]))
        } catch {
            throw .invalidBase64URL(segment, error)
        }
    }
}
