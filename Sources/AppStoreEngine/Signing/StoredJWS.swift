import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A JWS kept compactly in the database: the payload JSON rather than its base64, with every copy of the
/// signer's header segment inside it (nested JWS strings repeat the header, x5c chain and all) replaced by one
/// marker byte, plus the signature segment. ``compactSerialization(header:)`` rebuilds the exact JWS.
///
/// The marker is byte `0x01`, which valid JSON never contains unescaped, so the replacement is reversible.
struct StoredJWS: Hashable, Sendable {
    /// The payload JSON with header segments replaced by the marker.
    var payload: [UInt8]
    /// The base64url signature segment.
    var signature: String

    static let headerMarker: UInt8 = 0x01

    /// Keeps a JWS whose payload JSON is `payload` and signature segment `signature`.
    init(payload: [UInt8], signature: String, header: String) {
        self.init(payload: payload, signature: signature, headerBytes: Array(header.utf8))
    }

    /// Keeps a JWS, given the header segment's UTF-8 bytes.
    init(payload: [UInt8], signature: String, headerBytes: [UInt8]) {
        self.payload = Self.replacing(headerBytes, with: [Self.headerMarker], in: payload)
        self.signature = signature
    }

    /// Restores a stored form read from the database.
    init(storedPayload: [UInt8], signature: String) {
        payload = storedPayload
        self.signature = signature
    }

    /// The payload JSON as signed.
    func payloadJSON(header: String) -> [UInt8] {
        Self.replacing([Self.headerMarker], with: Array(header.utf8), in: payload)
    }

    /// The compact serialisation `header.payload.signature`.
    func compactSerialization(header: String) -> String {
        header + "." + Base64URL.encode(payloadJSON(header: header)) + "." + signature
    }

    /// `bytes` with every occurrence of `pattern` replaced by `replacement`.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return bytes }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        bytes.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { needle in
                let base = haystack.baseAddress!
                let first = Int32(needle[0])
                var start = 0
                var candidate = 0
                while candidate + needle.count <= haystack.count,
                    let hit = memchr(base + candidate, first, haystack.count - needle.count + 1 - candidate)
                {
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, needle.baseAddress!, needle.count) == 0 {
                        output.append(contentsOf: haystack[start..<offset])
                        output.append(contentsOf: replacement)
                        start = offset + needle.count
                        candidate = start
                    } else {
                        candidate = offset + 1
                    }
                }
                output.append(contentsOf: haystack[start...])
            }
        }
        return output
    }
}
