import CMicroHTTPD
import Synchronization

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
    private enum State {
        case suspended
        case resumed(HTTPResponse)
        case delivered
    }

    private let connection: OpaquePointer
    private let state = Mutex(State.suspended)

    /// Wraps a connection that is about to be suspended.
    init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// Stores `response` and resumes the connection, unless that already happened.
    ///
    /// - Returns: Whether this call resumed the connection.
    @discardableResult
    func resume(with response: HTTPResponse) -> Bool {
        state.withLock { state in
            guard case .suspended = state else { return false }
            state = .resumed(response)
            MHD_resume_connection(connection)
            return true
        }
    }

    /// The stored response, once; `nil` before ``resume(with:)`` and after the first take.
    func takeResponse() -> HTTPResponse? {
        state.withLock { state in
            guard case .resumed(let response) = state else { return nil }
            state = .delivered
            return response
        }
    }
}
