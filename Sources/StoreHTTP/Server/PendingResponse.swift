import CMicroHTTPD

/// The rendezvous between a suspended connection and the Swift task computing its response.
///
/// The task (or shutdown, whichever comes first) calls ``resume(with:)``: the first call stores the response
/// and resumes the connection; libmicrohttpd then calls the access handler again on its polling thread, which
/// takes the response with ``takeResponse()`` and queues it. Later calls do nothing.
///
/// `@unchecked Sendable` because it wraps a libmicrohttpd connection pointer. The pointer is used exactly once,
/// for the thread-safe `MHD_resume_connection`, under the lock and only while the connection is suspended —
/// when libmicrohttpd cannot close it, and the server never stops the daemon.
final class PendingResponse: @unchecked Sendable {
    private enum Phase {
        case suspended
        case resumed(HTTPResponse)
        case delivered
    }

    private struct State {
        var phase = Phase.suspended
        var handler: Task<Void, Never>?
    }

    private let connection: OpaquePointer
    private let state = Locked(State())

    /// Wraps a connection that is about to be suspended.
    init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// Remembers the task computing the response, so that ``abandon(with:)`` can cancel it.
    func attach(_ handler: Task<Void, Never>) {
        state.withLock { $0.handler = handler }
    }

    /// Stores `response` and resumes the connection, unless that already happened.
    func resume(with response: HTTPResponse) {
        state.withLock { state in
            guard case .suspended = state.phase else { return }
            state.phase = .resumed(response)
            MHD_resume_connection(connection)
        }
    }

    /// Answers with `response` instead of the task's result, and cancels the task.
    func abandon(with response: HTTPResponse) {
        // Read the task first: once resumed, the polling thread may take the response and drop the task.
        let handler = state.withLock { $0.handler }
        resume(with: response)
        handler?.cancel()
    }

    /// The stored response, once; `nil` before ``resume(with:)`` and after the first take.
    func takeResponse() -> HTTPResponse? {
        state.withLock { state in
            guard case .resumed(let response) = state.phase else { return nil }
            state.phase = .delivered
            state.handler = nil
            return response
        }
    }
}
