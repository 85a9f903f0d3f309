/// The outcome of one attempt to send a notification to the developer's server.
///
/// Wire values (strings): `SUCCESS`, `TIMED_OUT`, `TLS_ISSUE`, `CIRCULAR_REDIRECT`, `NO_RESPONSE`, `SOCKET_ISSUE`,
/// `UNSUPPORTED_CHARSET`, `INVALID_RESPONSE`, `PREMATURE_CLOSE`, `UNSUCCESSFUL_HTTP_RESPONSE_CODE`, `OTHER`.
public struct SendAttemptResult: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The server answered with a success status (`SUCCESS`).
    public static let success = SendAttemptResult(rawValue: "SUCCESS")
    /// The request timed out (`TIMED_OUT`).
    public static let timedOut = SendAttemptResult(rawValue: "TIMED_OUT")
    /// The TLS handshake failed (`TLS_ISSUE`).
    public static let tlsIssue = SendAttemptResult(rawValue: "TLS_ISSUE")
    /// The server redirected in a loop (`CIRCULAR_REDIRECT`).
    public static let circularRedirect = SendAttemptResult(rawValue: "CIRCULAR_REDIRECT")
    /// The server did not respond (`NO_RESPONSE`).
    public static let noResponse = SendAttemptResult(rawValue: "NO_RESPONSE")
    /// A socket error occurred (`SOCKET_ISSUE`).
    public static let socketIssue = SendAttemptResult(rawValue: "SOCKET_ISSUE")
    /// The response used an unsupported character set (`UNSUPPORTED_CHARSET`).
    public static let unsupportedCharset = SendAttemptResult(rawValue: "UNSUPPORTED_CHARSET")
    /// The response was invalid (`INVALID_RESPONSE`).
    public static let invalidResponse = SendAttemptResult(rawValue: "INVALID_RESPONSE")
    /// The connection closed early (`PREMATURE_CLOSE`).
    public static let prematureClose = SendAttemptResult(rawValue: "PREMATURE_CLOSE")
    /// The server answered with a non-success status (`UNSUCCESSFUL_HTTP_RESPONSE_CODE`).
    public static let unsuccessfulHTTPResponseCode = SendAttemptResult(rawValue: "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
    /// Another problem (`OTHER`).
    public static let other = SendAttemptResult(rawValue: "OTHER")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [SendAttemptResult] = [
        .success, .timedOut, .tlsIssue, .circularRedirect, .noResponse, .socketIssue, .unsupportedCharset,
        .invalidResponse, .prematureClose, .unsuccessfulHTTPResponseCode, .other
    ]
}

extension SendAttemptResult: CodingKeyRepresentable {
    /// The raw value as a dictionary key, so `[SendAttemptResult: Int32]` encodes as a JSON object.
    public var codingKey: any CodingKey { RawKey(stringValue: rawValue) }

    /// Creates a value from a dictionary key, known or not.
    public init?<T: CodingKey>(codingKey: T) { self.init(rawValue: codingKey.stringValue) }

    private struct RawKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
