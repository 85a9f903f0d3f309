import COpenSSL
import Foundation

/// The hash algorithm of an OCSP CertID, by OID: SHA-1 (RFC 6960's default, what OpenSSL sends) or SHA-256 (what
/// Apple's Python library sends); SHA-384 and SHA-512 work too.
public struct OCSPHashAlgorithm: Hashable, Sendable, CustomStringConvertible {
    /// The dotted OID.
    public let oid: String

    /// Names an algorithm by dotted OID.
    public init(oid: String) {
        self.oid = oid
    }

    /// SHA-1 (`1.3.14.3.2.26`).
    public static let sha1 = OCSPHashAlgorithm(oid: "1.3.14.3.2.26")
    /// SHA-256 (`2.16.840.1.101.3.4.2.1`).
    public static let sha256 = OCSPHashAlgorithm(oid: "2.16.840.1.101.3.4.2.1")
    /// SHA-384 (`2.16.840.1.101.3.4.2.2`).
    public static let sha384 = OCSPHashAlgorithm(oid: "2.16.840.1.101.3.4.2.2")
    /// SHA-512 (`2.16.840.1.101.3.4.2.3`).
    public static let sha512 = OCSPHashAlgorithm(oid: "2.16.840.1.101.3.4.2.3")

    /// The name for well-known algorithms, the OID otherwise.
    public var description: String {
        switch self {
        case .sha1: "SHA-1"
        case .sha256: "SHA-256"
        case .sha384: "SHA-384"
        case .sha512: "SHA-512"
        default: oid
        }
    }

    /// The digest of `bytes`.
    /// - Throws: ``OCSPError/unsupportedHashAlgorithm(_:)`` when OpenSSL has no implementation for the OID.
    func digest(_ bytes: some ContiguousBytes) throws(OCSPError) -> Data {
        // OpenSSL 3 providers register every digest under its OID as well as its names.
        guard let algorithm = EVP_MD_fetch(nil, oid, nil) else {
            _ = OpenSSLErrorQueue.drain()
            throw .unsupportedHashAlgorithm(oid)
        }
        defer { EVP_MD_free(algorithm) }
        var output = Data(count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { buffer in
                EVP_Digest(
                    input.baseAddress, input.count, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), &length,
                    algorithm, nil)
            }
        }
        guard status == 1 else { throw .openSSL("hash with \(self)") }
        return output.prefix(Int(length))
    }
}
