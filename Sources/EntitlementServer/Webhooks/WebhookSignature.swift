import Foundation

/// The `Tienda-Signature` header of a webhook delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
/// Receivers recompute the MAC over the raw body and reject deliveries whose `t` is too old (replays).
public enum WebhookSignature {
    /// The header's name.
    public static let headerName = "Tienda-Signature"

    /// The header value for `body` sent at `seconds` (Unix time).
    public static func header(body: Data, secret: String, seconds: Int64) -> String {
        "t=\(seconds),v1=\(HMACSHA256.hex(for: Data("\(seconds).".utf8) + body, key: Data(secret.utf8)))"
    }

    /// Whether `header` is a valid signature of `body` under `secret`.
    public static func isValid(header: String, body: Data, secret: String) -> Bool {
        var seconds: Int64?
        var mac: String?
        for part in header.split(separator: ",") {
            if part.hasPrefix("t=") { seconds = Int64(part.dropFirst(2)) }
            if part.hasPrefix("v1=") { mac = String(part.dropFirst(3)) }
        }
        guard let seconds, let mac else { return false }
        let expected = Self.header(body: body, secret: secret, seconds: seconds)
        return expected.hasSuffix("v1=\(mac)") && mac.count == 64
    }
}
