extension Router {
    /// A registered route as written: its method and path pattern, for example `GET` and
    /// `/inApps/v1/transactions/{transactionId}`.
    public struct RouteDescription: Hashable, Sendable, CustomStringConvertible {
        /// The method the route answers.
        public let method: HTTPMethod
        /// The full path pattern, with `{name}` for each parameter.
        public let path: String

        public var description: String { "\(method) \(path)" }
    }

    /// Every registered route, in the order they are tried: what an API description (OpenAPI) must cover.
    public var registeredRoutes: [RouteDescription] {
        routes.map { RouteDescription(method: $0.method, path: $0.pattern.description) }
    }
}
