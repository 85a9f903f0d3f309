import COpenSSL
import Foundation

/// An ECDSA P-256 signature as the pair (r, s), convertible between JOSE's raw form and DER.
///
/// JWS (RFC 7518 §3.4) carries `r ‖ s` as two 32-byte big-endian integers; OpenSSL and Apple's promotional-offer
/// (V1) signatures use the DER `ECDSA-Sig-Value` SEQUENCE of two INTEGERs.
public struct ES256Signature: Hashable, Sendable {
    /// The byte length of the raw form.
    public static let rawByteCount = 64

    /// `r ‖ s`, 64 bytes.
    public let rawRepresentation: Data

    /// Wraps a raw `r ‖ s` signature.
    /// - Throws: ``CryptoError/invalidSignatureEncoding(_:)`` unless the input is exactly 64 bytes.
    public init(rawRepresentation: Data) throws(CryptoError) {
        guard rawRepresentation.count == Self.rawByteCount else {
            throw .invalidSignatureEncoding("a raw ES256 signature has 64 bytes, not \(rawRepresentation.count)")
        }
        self.rawRepresentation = rawRepresentation
    }

    /// Parses a DER `ECDSA-Sig-Value`.
    /// - Throws: ``CryptoError/invalidSignatureEncoding(_:)`` for anything but one canonical DER SEQUENCE of two
    ///   non-negative INTEGERs below 2^256 (BER variants and trailing bytes are rejected).
    public init(derRepresentation: Data) throws(CryptoError) {
        guard derRepresentation.count <= Self.maximumDERByteCount else {
            throw .invalidSignatureEncoding("\(derRepresentation.count) bytes is too long for a P-256 signature")
        }
        guard let parsed = DERBytes.decode(derRepresentation, free: { ECDSA_SIG_free($0) }, { d2i_ECDSA_SIG(nil, $0, $1) })
        else {
            throw .invalidSignatureEncoding("not a DER ECDSA-Sig-Value")
        }
        defer { ECDSA_SIG_free(parsed) }
        var raw = Data(count: Self.rawByteCount)
        let fits = raw.withUnsafeMutableBytes { buffer -> Bool in
            let output = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return BN_bn2binpad(ECDSA_SIG_get0_r(parsed), output, 32) == 32
                && BN_bn2binpad(ECDSA_SIG_get0_s(parsed), output + 32, 32) == 32
        }
        guard fits else {
            _ = OpenSSLErrorQueue.drain()
            throw .invalidSignatureEncoding("an integer does not fit in 32 bytes")
        }
        rawRepresentation = raw
        // OpenSSL's decoder tolerates some BER forms (and negative integers); only the canonical spelling of the
        // same (r, s) is accepted, as OpenSSL's own ECDSA verification requires.
        guard derRepresentation == self.derRepresentation else {
            throw .invalidSignatureEncoding("not the canonical DER encoding")
        }
    }

    /// The DER `ECDSA-Sig-Value` encoding of the same (r, s).
    public var derRepresentation: Data {
        rawRepresentation.withUnsafeBytes { Self.der(fromRaw: $0) }
    }

    /// DER-encodes a 64-byte `r ‖ s` buffer.
    static func der(fromRaw raw: UnsafeRawBufferPointer) -> Data {
        withDER(fromRaw: raw) { Data($0) }
    }

    /// The longest DER encoding of a P-256 signature: SEQUENCE header, then two INTEGERs of 33 bytes.
    static let maximumDERByteCount = 2 + 2 * (2 + 33)

    /// Calls `body` with the DER encoding of a 64-byte `r ‖ s` buffer, written into stack memory (the verifier's
    /// hot path allocates nothing for it).
    static func withDER<Result>(fromRaw raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result)
        -> Result
    {
        precondition(raw.count == rawByteCount)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumDERByteCount) { buffer in
            var length = 2
            for half in [raw[0..<32], raw[32..<64]] {
                length = appendInteger(UnsafeRawBufferPointer(rebasing: half), to: buffer, at: length)
            }
            buffer[0] = 0x30
            buffer[1] = UInt8(length - 2)
            return body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<length]))
        }
    }

    /// Writes a DER INTEGER for an unsigned big-endian magnitude at `offset`: minimal, with a leading zero when
    /// the high bit is set. Returns the offset after it.
    private static func appendInteger(
        _ magnitude: UnsafeRawBufferPointer, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        let firstNonZero = magnitude.firstIndex { $0 != 0 } ?? magnitude.count - 1
        let padded = magnitude[firstNonZero] & 0x80 != 0
        let contentLength = magnitude.count - firstNonZero + (padded ? 1 : 0)
        buffer[offset] = 0x02
        buffer[offset + 1] = UInt8(contentLength)
        var write = offset + 2
        if padded {
            buffer[write] = 0
            write += 1
        }
        for index in firstNonZero..<magnitude.count {
            buffer[write] = magnitude[index]
            write += 1
        }
        return write
    }
}
