/// A responder made from one asynchronous closure: every request is deferred.
struct AsynchronousResponder: HTTPResponder {
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse

    func respond(to request: HTTPRequest) -> HTTPResponderResult {
        .deferred { [handler] in await handler(request) }
    }
}
