/// Why a request-target could not be turned into an ``HTTPRequest``. The server answers these with 400.
public struct HTTPRequestError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case malformedPath
        case malformedQuery
        case unsupportedTarget
    }

    private let code: Code
    /// A sentence for the client, naming the offending part.
    public let reason: String

    private init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The path has a truncated or non-hex `%` escape, or does not decode to UTF-8.
    public static func malformedPath(_ path: some StringProtocol) -> HTTPRequestError {
        HTTPRequestError(.malformedPath, reason: "The path \"\(path)\" is not valid percent-encoded UTF-8.")
    }

    /// The query has a truncated or non-hex `%` escape, or does not decode to UTF-8.
    public static func malformedQuery(_ query: some StringProtocol) -> HTTPRequestError {
        HTTPRequestError(.malformedQuery, reason: "The query \"\(query)\" is not valid percent-encoded UTF-8.")
    }

    /// The request-target is neither in origin form (`/path?query`) nor an absolute `http` or `https` URL.
    public static func unsupportedTarget(_ target: some StringProtocol) -> HTTPRequestError {
        HTTPRequestError(.unsupportedTarget, reason: "The request-target \"\(target)\" is neither a path nor an http URL.")
    }

    /// Errors are equal when their codes are, whatever the reason text.
    public static func == (left: HTTPRequestError, right: HTTPRequestError) -> Bool {
        left.code == right.code
    }

    /// The reason.
    public var description: String { reason }
}
