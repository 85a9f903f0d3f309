import Foundation

extension HTTPServer {
    /// Limits and tuning for an ``HTTPServer``.
    public struct Configuration: Sendable {
        /// The largest request body accepted, in bytes. A larger `Content-Length` is answered with 413: before
        /// the body is sent when the client asks first (`Expect: 100-continue`) or declares more than
        /// ``maximumDiscardedBodySize`` (the connection is then closed), otherwise after its body has been read
        /// and dropped, so that a client that sends its body at once can read the answer. A chunked body that grows
        /// past the limit ends the connection without a response. Default: 1 MiB.
        public var maximumBodySize: Int = 1 << 20
        /// The largest oversized body read and dropped before answering 413; a larger declared length is answered
        /// at once and the connection closed. Default: 16 MiB.
        public var maximumDiscardedBodySize: Int = 16 << 20
        /// How long a connection may stay silent (a stalled client, an idle keep-alive) before it is closed.
        /// libmicrohttpd counts whole seconds, so this is rounded up to at least one. Default: 30 seconds.
        public var connectionTimeout: Duration = .seconds(30)
        /// Simultaneous connections; more are refused at accept. Default: 1024.
        public var maximumConnections: Int = 1024
        /// Bytes each connection may use for the request line, headers and I/O buffers; a request whose
        /// header does not fit is answered with 431 by libmicrohttpd. Default: 32 KiB.
        public var connectionMemoryLimit: Int = 32 * 1024
        /// Polling threads, each with its own epoll set. Responders, and deferred work until it first suspends, run
        /// on them.
        /// Default: the number of active processors.
        public var pollingThreads: Int = ProcessInfo.processInfo.activeProcessorCount
        /// Pending connections the kernel queues before `accept`. Default: 511.
        public var listenBacklog: Int = 511
        /// Renders the errors the server itself answers (400, 413, 503) as responses.
        /// Default: ``HTTPResponse/error(_:message:)``, a JSON body.
        public var errorResponse: @Sendable (HTTPStatus, String) -> HTTPResponse = { HTTPResponse.error($0, message: $1) }

        /// Creates the default configuration.
        public init() {}

        /// The connection timeout in whole seconds, as libmicrohttpd takes it.
        var connectionTimeoutSeconds: UInt32 {
            let (seconds, attoseconds) = connectionTimeout.components
            let rounded = seconds + (attoseconds > 0 ? 1 : 0)
            return UInt32(clamping: max(rounded, 1))
        }
    }
}
