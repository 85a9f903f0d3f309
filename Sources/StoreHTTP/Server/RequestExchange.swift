import Foundation

/// One request's state between libmicrohttpd's callbacks, from the request line to completion.
///
/// Created by the URI log callback, passed to every access-handler call as the request context, and released
/// by the completion callback. Only the connection's polling thread touches it, so it needs no lock; what
/// crosses to a Swift task is the ``PendingResponse``.
final class RequestExchange {
    enum Phase {
        /// The headers have arrived; the first access-handler call has not been made.
        case awaitingHeaders
        /// Body chunks are arriving.
        case receivingBody
        /// The declared body is over the limit: its chunks are read and dropped, and 413 is answered once all of
        /// it has arrived, so that a client still sending is not cut off before it can read the answer.
        case discardingBody
        /// A response is queued (an error, or an immediate answer).
        case answered
        /// The connection is suspended while deferred work runs.
        case awaitingResponse(PendingResponse)
    }

    /// The request-target exactly as sent.
    let target: String
    var phase = Phase.awaitingHeaders
    var method = HTTPMethod.get
    var headers = HTTPHeaders()
    var body = Data()
    var remoteAddress: String?

    init(target: String) {
        self.target = target
    }
}
