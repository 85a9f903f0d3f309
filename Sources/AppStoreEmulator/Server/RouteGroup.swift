import StoreHTTP

/// A set of routes the emulator mounts: the App Store Server API, the StoreKit-facing API, the control API,
/// and whatever later parts add (OCSP, the web transaction manager). Mounting one is one line in
/// ``EmulatorServer``'s list or in its `additionalRouteGroups`.
///
/// ```swift
/// struct HealthRoutes: RouteGroup {
///     func register(on router: inout Router) {
///         router.get("/health", .synchronous { _, _ in .text("ok") })
///     }
/// }
/// ```
public protocol RouteGroup: Sendable {
    /// Adds the group's routes to `router`.
    func register(on router: inout Router)
}
