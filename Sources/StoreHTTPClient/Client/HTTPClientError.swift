/// Why ``HTTPClient/send(method:url:headers:body:timeout:)`` got no HTTP response.
public struct HTTPClientError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case cannotConnect
        case timedOut
        case transportFailed
        case invalidResponse
    }

    private let code: Code
    /// What went wrong, with URLSession's description where there is one.
    public let reason: String

    private init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The host could not be resolved or refused the connection.
    public static func cannotConnect(_ reason: String) -> HTTPClientError {
        HTTPClientError(.cannotConnect, reason: reason)
    }

    /// No complete response arrived within the timeout.
    public static func timedOut(_ reason: String) -> HTTPClientError {
        HTTPClientError(.timedOut, reason: reason)
    }

    /// The connection failed while sending or receiving (reset, closed early, TLS failure, cancellation).
    public static func transportFailed(_ reason: String) -> HTTPClientError {
        HTTPClientError(.transportFailed, reason: reason)
    }

    /// Something other than an HTTP response came back.
    public static func invalidResponse(_ reason: String) -> HTTPClientError {
        HTTPClientError(.invalidResponse, reason: reason)
    }

    /// Errors are equal when their codes are, whatever the reason text.
    public static func == (left: HTTPClientError, right: HTTPClientError) -> Bool {
        left.code == right.code
    }

    /// The reason.
    public var description: String { reason }
}
