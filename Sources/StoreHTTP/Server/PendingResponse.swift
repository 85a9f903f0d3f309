import CMicroHTTPD
import StoreLocking

/// The rendezvous between a request and the Swift task computing its response.
///
/// The task starts on the polling thread and runs there until it first suspends. If it finishes before that,
/// ``suspendUnlessFinished()`` hands its response straight back and the connection is never suspended. Otherwise
/// the connection is suspended; the task (or shutdown, whichever comes first) calls ``finish(with:)``, which
/// stores the response and resumes the connection, and libmicrohttpd calls the access handler again, which takes
/// the response with ``takeResponse()``.
///
/// `@unchecked Sendable` because it wraps a libmicrohttpd connection pointer. The pointer is used only under the
/// lock: once to suspend, from the access handler, and once to resume (thread-safe in libmicrohttpd), while the
/// connection is suspended — when libmicrohttpd cannot close it, and the server never stops the daemon.
final class PendingResponse: @unchecked Sendable {
    private enum Phase {
        /// The task runs; the connection is not suspended.
        case starting
        /// The task finished before the connection was suspended.
        case finishedWhileStarting(HTTPResponse)
        case suspended
        case resumed(HTTPResponse)
        case delivered
    }

    private struct State {
        var phase = Phase.starting
        var handler: Task<Void, Never>?
    }

    private let connection: OpaquePointer
    private let state = Locked(State())

    /// Creates the rendezvous for a request whose work is about to start.
    init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// Remembers the task computing the response, so that ``abandon(with:)`` can cancel it.
    func attach(_ handler: Task<Void, Never>) {
        state.withLock { $0.handler = handler }
    }

    /// Suspends the connection, unless the task has already finished.
    ///
    /// - Returns: The task's response if it finished; `nil` once the connection is suspended.
    func suspendUnlessFinished() -> HTTPResponse? {
        state.withLock { state in
            switch state.phase {
            case .finishedWhileStarting(let response):
                state.phase = .delivered
                return response
            case .starting:
                state.phase = .suspended
                MHD_suspend_connection(connection)
                return nil
            case .suspended, .resumed, .delivered:
                preconditionFailure("a connection is suspended once")
            }
        }
    }

    /// Gives up on suspending (the server is closing) and cancels the task.
    ///
    /// - Returns: The task's response if it had already finished.
    func withdraw() -> HTTPResponse? {
        let (response, handler) = state.withLock { state -> (HTTPResponse?, Task<Void, Never>?) in
            var response: HTTPResponse?
            if case .finishedWhileStarting(let finished) = state.phase { response = finished }
            state.phase = .delivered
            return (response, state.handler)
        }
        handler?.cancel()
        return response
    }

    /// Delivers the response: kept for ``suspendUnlessFinished()`` while the task is starting, or stored and
    /// the connection resumed once suspended. Later calls do nothing.
    func finish(with response: HTTPResponse) {
        state.withLock { state in
            switch state.phase {
            case .starting:
                state.phase = .finishedWhileStarting(response)
            case .suspended:
                state.phase = .resumed(response)
                MHD_resume_connection(connection)
            case .finishedWhileStarting, .resumed, .delivered:
                break
            }
        }
    }

    /// Answers with `response` instead of the task's result, and cancels the task.
    func abandon(with response: HTTPResponse) {
        // Read the task first: once resumed, the polling thread may take the response and drop the task.
        let handler = state.withLock { $0.handler }
        finish(with: response)
        handler?.cancel()
    }

    /// The stored response, once; `nil` before the connection was resumed and after the first take.
    func takeResponse() -> HTTPResponse? {
        state.withLock { state in
            guard case .resumed(let response) = state.phase else { return nil }
            state.phase = .delivered
            state.handler = nil
            return response
        }
    }
}
