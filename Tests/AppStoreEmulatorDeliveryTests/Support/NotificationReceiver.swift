import Foundation
import StoreHTTP
import Synchronization

/// A developer's notification endpoint on a loopback port: records every request to its path and answers from a
/// script.
///
/// Each receiver listens on a path of its own. Tests run in parallel and the system hands out freed ports again, so
/// a request another test sends to a port it no longer owns (a server it shut down) can reach this receiver; such a
/// request has another path, is answered 404, and neither appears among the arrivals nor takes a scripted reply.
final class NotificationReceiver: Sendable {
    /// How the receiver answers one request.
    enum Reply: Sendable {
        /// This status, with an optional `Location`.
        case status(Int, location: String? = nil)
        /// This status, with the receiver's own URL as the `Location`.
        case redirectToItself(Int)
        /// Waits, then answers 200 (longer than the deliverer's timeout: a timeout).
        case stall(Duration)
    }

    /// A request as it arrived.
    struct Arrival: Sendable {
        let method: String
        let path: String
        let contentType: String?
        let body: Data

        /// The `signedPayload` of the JSON body.
        var signedPayload: String? {
            (try? JSONSerialization.jsonObject(with: body) as? [String: String])?["signedPayload"]
        }
    }

    private struct State {
        var replies: [Reply]
        var fallback: Reply
        var arrivals: [Arrival] = []
    }

    /// The script and the log, shared with the server's handler.
    private final class Log: Sendable {
        let state: Mutex<State>

        init(_ state: State) {
            self.state = Mutex(state)
        }
    }

    private let log: Log
    private let server: HTTPServer
    /// The path notifications are posted to, unique to this receiver.
    let path = "/notifications/" + UUID().uuidString.prefix(8).lowercased()

    /// A receiver answering `replies` in order, then `fallback` (200 by default).
    init(replies: [Reply] = [], fallback: Reply = .status(200)) async throws {
        let log = Log(State(replies: replies, fallback: fallback))
        self.log = log
        let path = path
        server = HTTPServer { request in
            guard request.path == path else { return .empty(.notFound) }
            let reply = log.state.withLock { state in
                state.arrivals.append(Arrival(
                    method: request.method.rawValue, path: request.path, contentType: request.headers["Content-Type"],
                    body: request.body))
                return state.replies.isEmpty ? state.fallback : state.replies.removeFirst()
            }
            switch reply {
            case .status(let code, let location):
                var response = HTTPResponse.empty(HTTPStatus(code: code))
                if let location { response.headers["Location"] = location }
                return response
            case .redirectToItself(let code):
                var response = HTTPResponse.empty(HTTPStatus(code: code))
                response.headers["Location"] = path
                return response
            case .stall(let duration):
                try? await Task.sleep(for: duration)
                return .empty(.ok)
            }
        }
        try await server.start()
    }

    /// `http://127.0.0.1:<port>/notifications/<this receiver's own part>`.
    var url: URL { URL(string: "http://127.0.0.1:\(server.port ?? 0)\(path)")! }

    /// Everything received so far, in arrival order.
    var arrivals: [Arrival] { log.state.withLock { $0.arrivals } }

    /// The `signedPayload`s received so far.
    var payloads: [String] { arrivals.compactMap(\.signedPayload) }

    /// Stops listening.
    func shutdown() async {
        await server.shutdown()
    }
}
