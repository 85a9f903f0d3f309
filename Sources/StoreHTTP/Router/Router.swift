/// Routes requests by method and path pattern to handlers; an ``HTTPResponder`` for ``HTTPServer``.
///
/// ```swift
/// var router = Router()
/// router.get("/inApps/v1/transactions/{transactionId}") { request, parameters in
///     try .json(await store.transaction(parameters["transactionId"]!))
/// }
/// router.group("/control/v1") { control in
///     control.get("/health", .synchronous { _, _ in .text("ok") })
/// }
/// ```
///
/// Patterns are tried most specific first: at the first segment where two patterns differ, a literal beats a
/// `{parameter}`; equally specific patterns keep their registration order. A `GET` route also answers `HEAD`.
/// A path no route matches gets 404, and a path that matches only under other methods gets 405 with `Allow`;
/// both as JSON through ``errorResponse``.
///
/// Handlers passed as closures are deferred work (``HTTPResponderResult/deferred(_:)``): Swift tasks that start on
/// the polling thread and leave it at their first suspension. Handlers wrapped in
/// ``SynchronousHandler/synchronous(_:)`` are answered at once, without a task, which is cheapest for handlers that
/// never await. A route may have both: a ``FastPath`` that answers at once when it can (from a cache) and returns
/// `nil` otherwise, and an asynchronous handler for the rest. A handler that throws an ``HTTPResponseError`` answers
/// with its response; any other error becomes a 500.
public struct Router: HTTPResponder {
    /// A handler that may await: it runs as a Swift task, with the connection suspended while it waits.
    public typealias Handler = @Sendable (HTTPRequest, RouteParameters) async throws -> HTTPResponse

    /// Renders the router's own errors (400, 404, 405, 500). Default: ``HTTPResponse/error(_:message:)``.
    public var errorResponse: @Sendable (HTTPStatus, String) -> HTTPResponse

    private(set) var routes: [Route] = []
    /// The routes by their number of segments (the index), each list in the order of ``routes``: a path is tried
    /// only against the patterns it can match.
    private(set) var routesBySegmentCount: [[Route]] = []
    private let prefix: String

    /// Creates an empty router.
    public init(errorResponse: @escaping @Sendable (HTTPStatus, String) -> HTTPResponse = { HTTPResponse.error($0, message: $1) }) {
        self.init(prefix: "", errorResponse: errorResponse)
    }

    private init(prefix: String, errorResponse: @escaping @Sendable (HTTPStatus, String) -> HTTPResponse) {
        self.prefix = prefix
        self.errorResponse = errorResponse
    }

    /// Registers an asynchronous handler for `method` and `path`, a pattern such as `/users/{id}`.
    ///
    /// Registering the same method for an equivalent pattern twice is a programming error.
    public mutating func add(_ method: HTTPMethod, _ path: String, handler: @escaping Handler) {
        insert(Route(method: method, pattern: RoutePattern(fullPath(path)), handler: .asynchronous(handler)))
    }

    /// Registers a synchronous handler, written `.synchronous { request, parameters in … }`, for `method` and
    /// `path`.
    public mutating func add(_ method: HTTPMethod, _ path: String, _ handler: SynchronousHandler) {
        insert(Route(method: method, pattern: RoutePattern(fullPath(path)), handler: .synchronous(handler)))
    }

    /// Registers the routes `build` adds under `prefix`, for example `/control/v1`. Groups nest.
    public mutating func group(_ prefix: String, _ build: (inout Router) throws -> Void) rethrows {
        precondition(prefix.hasPrefix("/") && !prefix.hasSuffix("/"), "group prefix \"\(prefix)\" must start and not end with \"/\"")
        var group = Router(prefix: self.prefix + prefix, errorResponse: errorResponse)
        try build(&group)
        group.routes.forEach { insert($0) }
    }

    func fullPath(_ path: String) -> String {
        precondition(path.hasPrefix("/"), "route path \"\(path)\" must start with \"/\"")
        return prefix.isEmpty || path != "/" ? prefix + path : prefix
    }

    mutating func insert(_ route: Route) {
        precondition(
            !routes.contains { $0.method == route.method && $0.pattern.isEquivalent(to: route.pattern) },
            "\(route.method) \(route.pattern) is registered twice")
        let position = routes.firstIndex { route.pattern.precedes($0.pattern) } ?? routes.endIndex
        routes.insert(route, at: position)
        let count = route.pattern.segments.count
        while routesBySegmentCount.count <= count { routesBySegmentCount.append([]) }
        routesBySegmentCount[count] = routes.filter { $0.pattern.segments.count == count }
    }
}
