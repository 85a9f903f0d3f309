import Foundation

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
        self.payload = Self.replacing(Array(header.utf8), with: [Self.headerMarker], in: payload)
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
        guard let first = pattern.first, pattern.count <= bytes.count else { return bytes }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        let last = bytes.count - pattern.count
        while index < bytes.count {
            if index <= last, bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                output.append(contentsOf: replacement)
                index += pattern.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
