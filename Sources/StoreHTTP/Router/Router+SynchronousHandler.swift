extension Router {
    /// A route handler that returns at once; it runs on the server's polling thread, without a Swift task, and
    /// must not block.
    ///
    /// Written `.synchronous { request, parameters in … }` where a route is registered, so that a plain trailing
    /// closure is always an asynchronous ``Router/Handler``.
    public struct SynchronousHandler: Sendable {
        let body: @Sendable (HTTPRequest, RouteParameters) throws -> HTTPResponse

        /// Wraps a closure that computes its response without waiting for anything.
        public static func synchronous(
            _ body: @escaping @Sendable (HTTPRequest, RouteParameters) throws -> HTTPResponse
        ) -> SynchronousHandler {
            SynchronousHandler(body: body)
        }
    }
}
