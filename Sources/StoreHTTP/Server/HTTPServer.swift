import StoreLocking

/// An HTTP/1.1 server on libmicrohttpd that hands each request to an ``HTTPResponder``.
///
/// ```swift
/// let server = HTTPServer { request in .text("Hello, \(request.path)") }
/// let port = try await server.start()
/// // … serve …
/// await server.shutdown()
/// ```
///
/// Requests are parsed on libmicrohttpd's polling threads. An immediate answer is sent from there. Deferred work
/// runs as a Swift task; while it waits, its connection is suspended, so a slow handler holds no thread. Call
/// ``shutdown(deadline:)`` to stop gracefully, or use ``withHTTPServer(configuration:host:responder:isolation:_:)``.
public final class HTTPServer: Sendable {
    private enum State {
        case idle
        case bound(ListeningSocket)
        case starting
        case running(RunningDaemon)
        case stopping(port: Int)
        case stopped
    }

    /// The limits the server was created with.
    public let configuration: Configuration
    private let responder: any HTTPResponder
    private let state = Locked(State.idle)

    /// Creates a server that answers with `responder`: a ``Router``, or a ``SynchronousResponder`` for one closure
    /// that answers at once on the polling thread (the fastest form).
    public init(configuration: Configuration = Configuration(), responder: some HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Creates a server whose every request runs `handler` as a Swift task.
    public convenience init(
        configuration: Configuration = Configuration(), handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.init(configuration: configuration, responder: AsynchronousResponder(handler: handler))
    }

    /// A server released while running stops at once, without draining: requests waiting for deferred work get
    /// 503, and open connections are closed. Release a server from outside its handlers (stopping joins the
    /// polling threads).
    deinit {
        releaseBoundSocket()
        guard let daemon = beginStopping() else { return }
        daemon.stopAccepting()
        daemon.abandonSuspendedRequests(with: configuration.errorResponse(.serviceUnavailable, "The server is shutting down."))
        daemon.stop()
    }

    /// Binds and listens on `host:port` without serving yet, so that the port (the system's choice for 0) is known
    /// before the responder's routes are complete (for instance, to put the server's own URL into certificates).
    /// Connections wait in the listen backlog until ``start(host:port:)``; ``shutdown(deadline:)`` or releasing the
    /// server closes a socket that was never served.
    ///
    /// - Parameters:
    ///   - host: The address to listen on. Default: `127.0.0.1`.
    ///   - port: The port, or 0 (the default) for one the system chooses.
    /// - Returns: The port the socket is bound to.
    /// - Throws: ``HTTPServerError`` when the server was bound or started before, or the socket cannot be set up.
    @discardableResult
    public func bind(host: String = "127.0.0.1", port: Int = 0) throws(HTTPServerError) -> Int {
        try state.withLock { state throws(HTTPServerError) in
            guard case .idle = state else { throw .alreadyStarted }
            let socket = try ListeningSocket.open(host: host, port: port, backlog: configuration.listenBacklog)
            state = .bound(socket)
            return socket.port
        }
    }

    /// Starts listening and serving.
    ///
    /// - Parameters:
    ///   - host: The address to listen on. Default: `127.0.0.1`. Ignored after ``bind(host:port:)``.
    ///   - port: The port, or 0 (the default) for one the system chooses. Ignored after ``bind(host:port:)``.
    /// - Returns: The port the server listens on.
    /// - Throws: ``HTTPServerError`` when the server was started before, or the socket or daemon cannot be set up.
    @discardableResult
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws(HTTPServerError) -> Int {
        let bound = try state.withLock { state throws(HTTPServerError) -> ListeningSocket? in
            switch state {
            case .idle:
                state = .starting
                return nil
            case .bound(let socket):
                state = .starting
                return socket
            case .starting, .running, .stopping, .stopped:
                throw .alreadyStarted
            }
        }
        do throws(HTTPServerError) {
            let socket: ListeningSocket
            if let bound {
                socket = bound
            } else {
                socket = try ListeningSocket.open(host: host, port: port, backlog: configuration.listenBacklog)
            }
            let daemon: RunningDaemon
            do throws(HTTPServerError) {
                daemon = try RunningDaemon(socket: socket, context: DaemonContext(responder: responder, configuration: configuration))
            } catch {
                socket.close()
                throw error
            }
            state.withLock { $0 = .running(daemon) }
            return daemon.port
        } catch {
            state.withLock { $0 = .idle }
            throw error
        }
    }

    /// The port the server listens on while running or stopping; `nil` before start and after shutdown.
    public var port: Int? {
        state.withLock { state in
            switch state {
            case .running(let daemon): daemon.port
            case .stopping(let port): port
            case .bound(let socket): socket.port
            case .idle, .starting, .stopped: nil
            }
        }
    }

    /// Moves a running server to stopping, handing its daemon to the one shutdown that stops it.
    func beginStopping() -> RunningDaemon? {
        state.withLock { state in
            guard case .running(let daemon) = state else { return nil }
            state = .stopping(port: daemon.port)
            return daemon
        }
    }

    /// Closes a socket bound by ``bind(host:port:)`` that was never served; returns whether there was one.
    @discardableResult
    func releaseBoundSocket() -> Bool {
        state.withLock { state in
            guard case .bound(let socket) = state else { return false }
            socket.close()
            state = .stopped
            return true
        }
    }

    /// Records that the daemon has stopped.
    func finishStopping() {
        state.withLock { $0 = .stopped }
    }
}
