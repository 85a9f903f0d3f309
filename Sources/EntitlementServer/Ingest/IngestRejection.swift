/// Why the server refused signed data. Nothing was stored; the HTTP answer is a 4xx so the sender sees the
/// refusal (Apple retries, which is harmless for data that can never verify).
public struct IngestRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of refusal.
    public enum Kind: String, Hashable, Sendable {
        /// The body is not `{"signedPayload": "…"}` (or the transaction body), or the JWS does not decode.
        case malformed
        /// The signature or certificate chain does not verify against the trusted roots.
        case untrusted
        /// Signed for an app or environment this server is not configured to accept.
        case foreign
        /// The pieces do not fit together (for example renewal info of another subscription).
        case inconsistent
    }

    /// The kind of refusal.
    public let kind: Kind
    /// What was wrong, and how the sender can fix it.
    public let message: String

    /// Creates a rejection.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The HTTP status: 400 malformed, 403 untrusted or foreign, 422 inconsistent.
    public var httpStatus: Int {
        switch kind {
        case .malformed: 400
        case .untrusted, .foreign: 403
        case .inconsistent: 422
        }
    }

    /// A stable code for the error body, such as `untrusted_signature`.
    public var code: String {
        switch kind {
        case .malformed: "malformed_request"
        case .untrusted: "untrusted_signature"
        case .foreign: "foreign_app"
        case .inconsistent: "inconsistent_data"
        }
    }

    /// `kind: message`
    public var description: String { "\(kind.rawValue): \(message)" }
}
