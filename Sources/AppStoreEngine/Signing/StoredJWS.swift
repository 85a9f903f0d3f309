import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A JWS kept compactly in the database: the payload JSON rather than its base64, with every copy of the
/// signer's header segment inside it (nested JWS strings repeat the header, x5c chain and all) replaced by one
/// marker byte, and the payload segment of each nested JWS (a notification's signed transaction and renewal
/// information) kept as its JSON between two marker bytes rather than as base64url, plus the signature segment.
/// ``compactSerialization(header:)`` rebuilds the exact JWS.
///
/// A notification's nested transaction can instead be a reference, byte `0x04`, to the transaction row holding the
/// same JSON (the notification's `signedDate` aside): ``resolvingReference(_:)`` puts the JSON back. Before the row
/// changes or goes, its JSON is kept as a version for the notifications raised until then (`transaction_versions`).
/// A notification's `notificationUUID`, which its outbox row derives from its sequence number, can be byte `0x05`.
///
/// The markers are bytes `0x01` to `0x05`, which valid JSON never contains unescaped, so the replacements are
/// reversible: a reference is resolved first, then the header and UUID markers restored, then each nested JSON
/// base64url-encoded again. In the database the stored form's member names are coded as well
/// (``StoredMemberNames``, bytes `0x06` to `0x1F`), and spelled out again when read.
struct StoredJWS: Hashable, Sendable {
    /// The payload JSON with header segments replaced by the marker.
    var payload: [UInt8]
    /// The base64url signature segment.
    var signature: String

    static let headerMarker: UInt8 = 0x01
    /// Where a nested payload's JSON starts.
    static let nestedStart: UInt8 = 0x02
    /// Where a nested payload's JSON ends.
    static let nestedEnd: UInt8 = 0x03
    /// Stands for the notification's transaction, as its row holds it.
    static let transactionReference: UInt8 = 0x04
    /// Stands for the notification's UUID, derived from its row's sequence number.
    static let notificationUUIDMarker: UInt8 = 0x05

    /// Keeps a JWS whose payload JSON is `payload` and signature segment `signature`.
    init(payload: [UInt8], signature: String, header: String) {
        self.init(payload: payload, signature: signature, headerBytes: Array(header.utf8))
    }

    /// A JWS nested in the payload: its payload segment (as it appears in the payload) and that segment's JSON.
    struct Nested {
        /// The base64url payload segment.
        var segment: [UInt8]
        /// The JSON the segment encodes.
        var json: [UInt8]

        /// A nested JWS and the JSON it signed: the payload segment is the base64url of `json`, ending at the
        /// JWS's last dot (found from the end, as the header before it runs to kilobytes).
        init(jws: String, json: [UInt8]) {
            var jws = jws
            let length = (json.count * 4 + 2) / 3
            segment = jws.withUTF8 { bytes -> [UInt8] in
                guard let end = bytes.lastIndex(of: UInt8(ascii: ".")), end - length > 0,
                    bytes[end - length - 1] == UInt8(ascii: ".")
                else { return Array(Base64URL.encode(json).utf8) }
                return Array(bytes[(end - length)..<end])
            }
            self.json = json
        }

        /// A nested payload given as its JSON alone.
        init(json: [UInt8]) {
            segment = Array(Base64URL.encode(json).utf8)
            self.json = json
        }
    }

    /// Keeps a JWS, given the header segment's UTF-8 bytes and the payload JSON of each JWS nested in it (whose
    /// base64url segment the payload contains); the nested `referenced` payload becomes a reference, and the value
    /// of the `notificationUUID` member equal to `notificationUUID` its marker.
    init(
        payload: [UInt8], signature: String, headerBytes: [UInt8], nested: [Nested] = [], referenced: Nested? = nil,
        notificationUUID: String? = nil
    ) {
        var compact = payload
        if let notificationUUID {
            compact = Self.replacing(
                Array(#""notificationUUID":"\#(notificationUUID)""#.utf8),
                with: Array(#""notificationUUID":""#.utf8) + [Self.notificationUUIDMarker, UInt8(ascii: "\"")], in: compact)
        }
        if let referenced, !referenced.segment.isEmpty {
            compact = Self.replacing(referenced.segment, with: [Self.transactionReference], in: compact)
        }
        for nested in nested where !nested.segment.isEmpty {
            compact = Self.replacing(nested.segment, with: [Self.nestedStart] + nested.json + [Self.nestedEnd], in: compact)
        }
        self.payload = Self.replacing(headerBytes, with: [Self.headerMarker], in: compact)
        self.signature = signature
    }

    /// Restores a stored form read from the database.
    init(storedPayload: [UInt8], signature: String) {
        payload = storedPayload
        self.signature = signature
    }

    /// Whether the payload refers to its transaction's row.
    var referencesTransaction: Bool {
        payload.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(Self.transactionReference), bytes.count) != nil
        }
    }

    /// The stored form with the transaction reference replaced by the transaction's signed JSON.
    func resolvingReference(_ signedTransactionJSON: [UInt8]) -> StoredJWS {
        StoredJWS(
            storedPayload: Self.replacing(
                [Self.transactionReference], with: [Self.nestedStart] + signedTransactionJSON + [Self.nestedEnd],
                in: payload),
            signature: signature)
    }

    /// The payload JSON as signed (with any transaction reference resolved beforehand); a UUID marker becomes
    /// `notificationUUID`.
    func payloadJSON(header: String, notificationUUID: String? = nil) -> [UInt8] {
        var json = Self.replacing([Self.headerMarker], with: Array(header.utf8), in: payload)
        if let notificationUUID {
            json = Self.replacing([Self.notificationUUIDMarker], with: Array(notificationUUID.utf8), in: json)
        }
        return Self.expandingNested(json)
    }

    /// `bytes` with each nested payload between markers base64url-encoded again.
    static func expandingNested(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(of: nestedStart) else { return bytes }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 5 / 4)
        output.append(contentsOf: bytes[..<first])
        var index = first
        while index < bytes.count {
            if bytes[index] == nestedStart, let end = bytes[(index + 1)...].firstIndex(of: nestedEnd) {
                output.append(contentsOf: Base64URL.encode(bytes[(index + 1)..<end]).utf8)
                index = end + 1
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// The compact serialisation `header.payload.signature`, a UUID marker restored as `notificationUUID`.
    func compactSerialization(header: String, notificationUUID: String? = nil) -> String {
        header + "." + Base64URL.encode(payloadJSON(header: header, notificationUUID: notificationUUID)) + "." + signature
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
