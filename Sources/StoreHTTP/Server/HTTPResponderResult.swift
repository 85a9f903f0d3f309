/// What an ``HTTPResponder`` gives back for a request.
public enum HTTPResponderResult: Sendable {
    /// The response, ready now; the server sends it without suspending the connection.
    case immediate(HTTPResponse)
    /// Work that produces the response; the server suspends the connection and runs it as a Swift task.
    case deferred(@Sendable () async -> HTTPResponse)
}
