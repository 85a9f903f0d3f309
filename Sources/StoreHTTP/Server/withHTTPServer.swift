/// Runs `body` with a started server, and shuts the server down when `body` returns or throws.
///
/// ```swift
/// try await withHTTPServer(responder: router) { server in
///     let url = URL(string: "http://127.0.0.1:\(server.port!)/health")!
///     …
/// }
/// ```
/// - Parameters:
///   - configuration: The server's limits.
///   - host: The address to listen on.
///   - responder: What answers the requests.
///   - body: Runs while the server is serving.
/// - Returns: What `body` returns.
@discardableResult
public func withHTTPServer<Result>(
    configuration: HTTPServer.Configuration = HTTPServer.Configuration(),
    host: String = "127.0.0.1",
    responder: some HTTPResponder,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (HTTPServer) async throws -> Result
) async throws -> Result {
    let server = HTTPServer(configuration: configuration, responder: responder)
    try await server.start(host: host)
    let result: Result
    do {
        result = try await body(server)
    } catch {
        await server.shutdown()
        throw error
    }
    await server.shutdown()
    return result
}

/// Runs `body` with a started server whose every request runs `handler` as a Swift task, and shuts the server
/// down afterwards.
@discardableResult
public func withHTTPServer<Result>(
    configuration: HTTPServer.Configuration = HTTPServer.Configuration(),
    host: String = "127.0.0.1",
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (HTTPServer) async throws -> Result
) async throws -> Result {
    try await withHTTPServer(
        configuration: configuration, host: host, responder: AsynchronousResponder(handler: handler), body)
}
