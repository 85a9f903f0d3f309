import CMicroHTTPD
import CMicroHTTPDShims

/// A started libmicrohttpd daemon with its listening socket and callback context.
///
/// `@unchecked Sendable`: the daemon handle is an opaque C pointer. libmicrohttpd's own threads use it
/// internally; from Swift, only ``stop()`` touches it, once, from the single shutdown that moved the server out
/// of its running state.
final class RunningDaemon: @unchecked Sendable {
    private let daemon: OpaquePointer
    private let socket: ListeningSocket
    private let retainedContext: Unmanaged<DaemonContext>
    /// The callback context, retained until ``stop()``.
    let context: DaemonContext

    /// The port the daemon accepts on.
    var port: Int { socket.port }

    /// Starts a daemon on `socket`, answering with `context`'s responder.
    init(socket: ListeningSocket, context: DaemonContext) throws(HTTPServerError) {
        let configuration = context.configuration
        let retainedContext = Unmanaged.passRetained(context)
        var options = tienda_mhd_daemon_options(
            flags: UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue),
            listen_socket: socket.descriptor,
            thread_pool_size: UInt32(clamping: configuration.pollingThreads),
            connection_limit: UInt32(clamping: configuration.maximumConnections),
            connection_timeout_seconds: configuration.connectionTimeoutSeconds,
            connection_memory_limit: configuration.connectionMemoryLimit,
            accept_policy: DaemonCallbacks.acceptPolicy,
            access_handler: DaemonCallbacks.access,
            uri_log: DaemonCallbacks.requestStarted,
            request_completed: DaemonCallbacks.requestCompleted,
            context: retainedContext.toOpaque())
        guard let daemon = tienda_mhd_start_daemon(&options) else {
            retainedContext.release()
            throw .daemonFailed
        }
        self.daemon = daemon
        self.socket = socket
        self.retainedContext = retainedContext
        self.context = context
    }

    /// Stops accepting connections: each new one is closed as soon as it is accepted, while connections already
    /// open keep being served. Not `MHD_quiesce_daemon`: with epoll and polling threads, libmicrohttpd 0.9.75
    /// removes the listening socket from each thread's epoll set both there and in the thread's own loop, and
    /// aborts the process when the thread wins the race ("Failed to remove listen FD from epoll set").
    func stopAccepting() {
        context.stopAccepting()
    }

    /// Refuses further suspensions, and answers every request still waiting for deferred work with `response`,
    /// cancelling the work; afterwards no connection is suspended.
    ///
    /// - Returns: How many requests were answered this way.
    @discardableResult
    func abandonSuspendedRequests(with response: HTTPResponse) -> Int {
        let abandoned = context.tracker.close()
        for pending in abandoned {
            pending.abandon(with: response)
        }
        return abandoned.count
    }

    /// Stops the daemon, which closes the listening socket, and releases the context.
    /// Call only when no connection is suspended.
    func stop() {
        MHD_stop_daemon(daemon)
        retainedContext.release()
    }
}
