import Foundation
import StoreCrypto

/// The exact bytes the engine signed for some of its notifications: each notification's payload JSON and the
/// payloads of the transaction and renewal information signed inside it, read back from the outbox.
enum PayloadSample {
    /// The payloads of each notification (nested ones first, as the engine signs them).
    static func jobs(from notifications: [Data]) throws -> [[Data]] {
        try notifications.map { notification in
            guard let object = try JSONSerialization.jsonObject(with: notification) as? [String: Any],
                let data = object["data"] as? [String: Any]
            else { throw BenchmarkError("an outbox notification has no data") }
            let nested = try ["signedTransactionInfo", "signedRenewalInfo"].map { key in
                guard let jws = data[key] as? String, let payload = payloadSegment(of: jws) else {
                    throw BenchmarkError("an outbox notification has no \(key)")
                }
                return payload
            }
            return nested + [notification]
        }
    }

    /// The decoded middle segment of a compact JWS.
    static func payloadSegment(of jws: String) -> Data? {
        let segments = jws.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count == 3 else { return nil }
        return try? Base64URL.decode(Substring(segments[1]))
    }
}
