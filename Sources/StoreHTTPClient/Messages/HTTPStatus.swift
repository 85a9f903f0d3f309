/// An HTTP status code with its reason phrase.
///
/// Any code from 100 to 999 is allowed; the ones Tienda uses have names (`.ok`, `.notFound`, …).
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The three-digit code, for example `404`.
    public let code: Int

    /// Creates a status from its code.
    public init(code: Int) {
        precondition((100...999).contains(code), "an HTTP status code has three digits, got \(code)")
        self.code = code
    }

    /// Creates a status from an integer literal such as `202`.
    public init(integerLiteral value: Int) {
        self.init(code: value)
    }

    /// The standard reason phrase (`"Not Found"`), or `"Status 599"` for a code without one.
    public var reasonPhrase: String { Self.reasonPhrases[code] ?? "Status \(code)" }

    /// Whether the code is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(code) }

    /// The code and reason phrase, for example `404 Not Found`.
    public var description: String { "\(code) \(reasonPhrase)" }

    /// 200 OK.
    public static let ok = HTTPStatus(code: 200)
    /// 201 Created.
    public static let created = HTTPStatus(code: 201)
    /// 202 Accepted.
    public static let accepted = HTTPStatus(code: 202)
    /// 204 No Content.
    public static let noContent = HTTPStatus(code: 204)
    /// 301 Moved Permanently.
    public static let movedPermanently = HTTPStatus(code: 301)
    /// 302 Found.
    public static let found = HTTPStatus(code: 302)
    /// 304 Not Modified.
    public static let notModified = HTTPStatus(code: 304)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(code: 400)
    /// 401 Unauthorized.
    public static let unauthorized = HTTPStatus(code: 401)
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(code: 403)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(code: 404)
    /// 405 Method Not Allowed.
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// 408 Request Timeout.
    public static let requestTimeout = HTTPStatus(code: 408)
    /// 409 Conflict.
    public static let conflict = HTTPStatus(code: 409)
    /// 413 Content Too Large.
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType = HTTPStatus(code: 415)
    /// 422 Unprocessable Content.
    public static let unprocessableContent = HTTPStatus(code: 422)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500)
    /// 501 Not Implemented.
    public static let notImplemented = HTTPStatus(code: 501)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(code: 503)

    private static let reasonPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
        411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
        415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        422: "Unprocessable Content", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
