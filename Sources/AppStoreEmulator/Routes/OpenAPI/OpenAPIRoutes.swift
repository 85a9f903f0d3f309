import StoreHTTP

/// Serves the OpenAPI 3 document at `/openapi.json`.
public struct OpenAPIRoutes: RouteGroup {
    /// Creates the route group.
    public init() {}

    public func register(on router: inout Router) {
        let document = OpenAPIDocument.json()
        router.get("/openapi.json", .synchronous { _, _ in .json(document) })
    }
}
