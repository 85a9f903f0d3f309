/// What an ``HTTPResponder`` gives back for a request.
public enum HTTPResponderResult: Sendable {
    /// The response, ready now; the server sends it without suspending the connection.
    case immediate(HTTPResponse)
    /// Work that produces the response, run as a Swift task.
    ///
    /// The task starts on the polling thread and runs there until it first suspends; work that never suspends is
    /// answered from there, as if immediate. At its first suspension the server suspends the connection, so the
    /// rest of the work holds no thread, and resumes it with the response. Do not block before the first `await`.
    case deferred(@Sendable () async -> HTTPResponse)
}
