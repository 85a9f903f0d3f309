/// Why an ``HTTPServer`` could not start.
public struct HTTPServerError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case alreadyStarted
        case unresolvableHost
        case socketFailed
        case daemonFailed
    }

    private let code: Code
    /// What went wrong, with the system's error text where there is one.
    public let reason: String

    private init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// ``HTTPServer/start(host:port:)`` was called on a server that is starting, running or stopped.
    public static let alreadyStarted = HTTPServerError(.alreadyStarted, reason: "The server was already started.")

    /// The host is neither an IP address nor a name that resolves to one.
    public static func unresolvableHost(_ host: String, reason: String) -> HTTPServerError {
        HTTPServerError(.unresolvableHost, reason: "Cannot listen on \"\(host)\": \(reason).")
    }

    /// Creating, binding or listening on the socket failed (for example, the port is in use).
    public static func socketFailed(_ operation: String, reason: String) -> HTTPServerError {
        HTTPServerError(.socketFailed, reason: "\(operation) failed: \(reason).")
    }

    /// libmicrohttpd refused to start the daemon.
    public static let daemonFailed = HTTPServerError(.daemonFailed, reason: "libmicrohttpd did not start the daemon.")

    /// Errors are equal when their codes are, whatever the reason text.
    public static func == (left: HTTPServerError, right: HTTPServerError) -> Bool {
        left.code == right.code
    }

    /// The reason.
    public var description: String { reason }
}
