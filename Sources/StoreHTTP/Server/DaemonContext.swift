import CMicroHTTPD
import Foundation
import Synchronization

/// Everything libmicrohttpd's callbacks need, passed to them as their context pointer: the responder, the
/// limits, and the request tracker.
///
/// The server retains it for the daemon's lifetime (`Unmanaged.passRetained`) and releases it after
/// `MHD_stop_daemon`, when no callback can run any more.
final class DaemonContext: Sendable {
    let responder: any HTTPResponder
    let configuration: HTTPServer.Configuration
    let tracker = RequestTracker()
    private let accepting = Atomic<Bool>(true)

    /// Whether new connections are served; after ``stopAccepting()``, each is closed as soon as it is accepted.
    var acceptsConnections: Bool { accepting.load(ordering: .relaxed) }

    /// Closes every connection accepted from now on, before it is read.
    func stopAccepting() {
        accepting.store(false, ordering: .relaxed)
    }

    init(responder: any HTTPResponder, configuration: HTTPServer.Configuration) {
        self.responder = responder
        self.configuration = configuration
    }

    /// One access-handler call: the headers, then each body chunk, then the end of the body, and once more
    /// after a suspended connection is resumed.
    func handle(
        _ exchange: RequestExchange, on connection: DaemonConnection, method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch exchange.phase {
        case .awaitingHeaders:
            return receiveHeaders(exchange, on: connection, method: method, version: version)
        case .receivingBody where uploadSize.pointee > 0:
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            guard exchange.body.count + count <= configuration.maximumBodySize else {
                // A chunked body outgrew the limit. libmicrohttpd takes a response only before the body or after
                // all of it, so the connection ends here without one.
                return .NO
            }
            upload.map { exchange.body.append(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: count) }
            return .YES
        case .receivingBody:
            return dispatch(exchange, on: connection)
        case .discardingBody where uploadSize.pointee > 0:
            uploadSize.pointee = 0
            return .YES
        case .discardingBody:
            exchange.phase = .answered
            return queue(bodyTooLarge, on: connection)
        case .answered:
            // The response is queued; discard whatever body is still arriving.
            uploadSize.pointee = 0
            return .YES
        case .awaitingResponse(let pending):
            guard let response = pending.takeResponse() else { return .NO }
            exchange.phase = .answered
            return queue(response, on: connection)
        }
    }

    private func receiveHeaders(
        _ exchange: RequestExchange, on connection: DaemonConnection, method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        exchange.method = HTTPMethod(rawValue: String(cString: method))
        exchange.headers = connection.requestHeaders()
        exchange.remoteAddress = connection.remoteAddress()
        if let version, strcmp(version, "HTTP/1.1") == 0, !exchange.headers.contains("Host") {
            // RFC 9112 §3.2: a server must answer 400 to an HTTP/1.1 request without Host.
            exchange.phase = .answered
            return queue(configuration.errorResponse(.badRequest, "An HTTP/1.1 request must have a Host header."), on: connection)
        }
        let declaredLength = exchange.headers["Content-Length"].flatMap { Int($0) } ?? 0
        if declaredLength > configuration.maximumBodySize {
            let asksFirst = exchange.headers["Expect"]?.lowercased() == "100-continue"
            if asksFirst || declaredLength > configuration.maximumDiscardedBodySize {
                // Answer before the body; libmicrohttpd closes the connection afterwards.
                exchange.phase = .answered
                return queue(bodyTooLarge, on: connection)
            }
            // A client already sending would meet a closed connection before reading an early answer.
            exchange.phase = .discardingBody
            return .YES
        }
        // Reserve for small bodies only: a client may declare a length it never sends.
        exchange.body.reserveCapacity(min(declaredLength, 64 * 1024))
        exchange.phase = .receivingBody
        return .YES
    }

    private func dispatch(_ exchange: RequestExchange, on connection: DaemonConnection) -> MHD_Result {
        exchange.phase = .answered
        let request: HTTPRequest
        do {
            request = try HTTPRequest(
                method: exchange.method, target: exchange.target, headers: exchange.headers, body: exchange.body,
                remoteAddress: exchange.remoteAddress)
        } catch {
            return queue(configuration.errorResponse(.badRequest, error.reason), on: connection)
        }
        exchange.body = Data()
        switch responder.respond(to: request) {
        case .immediate(let response):
            return queue(response, on: connection)
        case .deferred(let work):
            let pending = PendingResponse(connection: connection.pointer)
            pending.attach(start(work, reportingTo: pending))
            switch tracker.suspend(pending) {
            case .suspended:
                exchange.phase = .awaitingResponse(pending)
                return .YES
            case .finished(let response):
                return queue(response, on: connection)
            case .refused:
                let response = pending.withdraw() ?? configuration.errorResponse(.serviceUnavailable, "The server is shutting down.")
                return queue(response, on: connection)
            }
        }
    }

    /// Starts deferred work as a task that runs on this polling thread until it first suspends, so that work
    /// which never waits is answered without suspending the connection.
    private func start(_ work: @escaping @Sendable () async -> HTTPResponse, reportingTo pending: PendingResponse) -> Task<Void, Never> {
        let body: @Sendable () async -> Void = { [tracker] in
            pending.finish(with: await work())
            tracker.forget(pending)
        }
        if #available(macOS 26, *) {
            return Task.immediate(operation: body)
        }
        return Task(operation: body)
    }

    private var bodyTooLarge: HTTPResponse {
        configuration.errorResponse(
            .contentTooLarge, "The request body is larger than \(configuration.maximumBodySize) bytes.")
    }

    private func queue(_ response: HTTPResponse, on connection: DaemonConnection) -> MHD_Result {
        connection.queue(response, closeConnection: tracker.isDraining)
    }
}
