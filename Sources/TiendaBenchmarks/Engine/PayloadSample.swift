import Foundation

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
        let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return nil }
        var base64 = segments[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
