/// One registered route: a method, a path pattern and the handler that answers it.
struct Route: Sendable {
    enum Handler: Sendable {
        case asynchronous(Router.Handler)
        case synchronous(Router.SynchronousHandler)
        /// The fast path on the polling thread; the asynchronous handler when it returns `nil`.
        case fastPathFirst(Router.FastPath, Router.Handler)
    }

    let method: HTTPMethod
    let pattern: RoutePattern
    let handler: Handler
}
