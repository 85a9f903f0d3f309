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
        guard derRepresentation.count <= 2 + 2 * (2 + 33) else {
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
        precondition(raw.count == rawByteCount)
        let r = minimalInteger(UnsafeRawBufferPointer(rebasing: raw[0..<32]))
        let s = minimalInteger(UnsafeRawBufferPointer(rebasing: raw[32..<64]))
        var der = Data(capacity: 8 + r.count + s.count)
        der.append(0x30)
        der.append(UInt8(4 + r.count + s.count))
        der.append(0x02)
        der.append(UInt8(r.count))
        der.append(contentsOf: r)
        der.append(0x02)
        der.append(UInt8(s.count))
        der.append(contentsOf: s)
        return der
    }

    /// The contents octets of a DER INTEGER for an unsigned big-endian magnitude.
    private static func minimalInteger(_ magnitude: UnsafeRawBufferPointer) -> [UInt8] {
        let firstNonZero = magnitude.firstIndex { $0 != 0 } ?? magnitude.count - 1
        var contents = Array(magnitude[firstNonZero...])
        if contents[0] & 0x80 != 0 { contents.insert(0, at: 0) }
        return contents
    }
}
