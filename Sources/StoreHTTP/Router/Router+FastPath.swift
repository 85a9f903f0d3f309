extension Router {
    /// The synchronous first attempt of a route that also has an asynchronous handler: it runs on the server's
    /// polling thread, without a Swift task, and either answers at once (typically from memory: a cache, a
    /// precomputed body) or returns `nil` to hand the request to the route's asynchronous ``Router/Handler``.
    ///
    /// Written `.fastPath { request, parameters in … }` where a route is registered. It must not block or wait;
    /// what it throws is rendered as the asynchronous handler's errors are (an ``HTTPResponseError`` as its
    /// response, anything else as a 500), and the asynchronous handler is then not run.
    public struct FastPath: Sendable {
        let body: @Sendable (HTTPRequest, RouteParameters) throws -> HTTPResponse?

        /// Wraps a closure that answers without waiting, or returns `nil` when only the asynchronous handler can.
        public static func fastPath(
            _ body: @escaping @Sendable (HTTPRequest, RouteParameters) throws -> HTTPResponse?
        ) -> FastPath {
            FastPath(body: body)
        }
    }

    /// Registers a route answered by `fastPath` when it can, and otherwise by the asynchronous `handler`.
    ///
    /// Registering the same method for an equivalent pattern twice is a programming error.
    public mutating func add(_ method: HTTPMethod, _ path: String, _ fastPath: FastPath, handler: @escaping Handler) {
        insert(Route(method: method, pattern: RoutePattern(fullPath(path)), handler: .fastPathFirst(fastPath, handler)))
    }

    /// Registers a `GET` route answered by `fastPath` when it can, otherwise by `handler` (it also answers `HEAD`).
    public mutating func get(_ path: String, _ fastPath: FastPath, handler: @escaping Handler) {
        add(.get, path, fastPath, handler: handler)
    }
}
