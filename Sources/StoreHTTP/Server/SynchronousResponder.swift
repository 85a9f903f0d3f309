/// A responder made from one synchronous closure: every request is answered at once on the polling thread,
/// the fastest form: `HTTPServer(responder: SynchronousResponder { request in … })`.
public struct SynchronousResponder: HTTPResponder {
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse

    /// Creates a responder that answers with `handler`, which must return without waiting.
    public init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.handler = handler
    }

    /// Answers at once with the handler's response.
    public func respond(to request: HTTPRequest) -> HTTPResponderResult {
        .immediate(handler(request))
    }
}
