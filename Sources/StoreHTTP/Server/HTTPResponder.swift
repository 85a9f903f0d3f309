/// Turns requests into responses for an ``HTTPServer``; ``Router`` is one.
///
/// ``respond(to:)`` runs on one of the server's polling threads, so it must return quickly: answer cheap
/// requests at once with ``HTTPResponderResult/immediate(_:)``, and hand anything that awaits (storage,
/// other services, timers) back as ``HTTPResponderResult/deferred(_:)``, which the server runs as a Swift task.
public protocol HTTPResponder: Sendable {
    /// Answers `request` now, or returns the work that will answer it.
    func respond(to request: HTTPRequest) -> HTTPResponderResult
}

extension HTTPResponder {
    /// The response to `request`, running deferred work if there is any. Useful for in-process tests.
    public func response(to request: HTTPRequest) async -> HTTPResponse {
        switch respond(to: request) {
        case .immediate(let response): response
        case .deferred(let work): await work()
        }
    }
}
