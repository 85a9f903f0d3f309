import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small HTTP client over URLSession, for tests and outbound notifications.
///
/// Its session is ephemeral: no cache, no cookies, no credential storage. It allows many parallel connections
/// per host (URLSession's default is 6), and returns redirects as they are instead of following them.
public final class HTTPClient: Sendable {
    private let session: URLSession

    /// Creates a client with its own session.
    ///
    /// - Parameter maximumConnectionsPerHost: Parallel connections to one host. Default: 64.
    public init(maximumConnectionsPerHost: Int = 64) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        session = URLSession(configuration: configuration, delegate: RedirectRefusingDelegate(), delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends one request and returns the whole response, whatever its status.
    ///
    /// - Parameters:
    ///   - method: The method. Default: `GET`.
    ///   - url: An `http` or `https` URL.
    ///   - headers: Header fields; repeated names are sent comma-joined.
    ///   - body: The body, if any.
    ///   - timeout: How long to wait for the response. Default: 30 seconds.
    /// - Throws: ``HTTPClientError`` when no HTTP response arrives.
    public func send(
        method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil, timeout: Duration = .seconds(30)
    ) async throws(HTTPClientError) -> HTTPClientResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout.seconds)
        request.httpMethod = method.rawValue
        for field in headers {
            request.addValue(field.value, forHTTPHeaderField: field.name)
        }
        request.httpBody = body
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse).self) { [session] group in
                group.addTask { [request] in try await Self.data(for: request, in: session) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw URLError(.timedOut)
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch {
            throw Self.clientError(for: error)
        }
        guard let response = response as? HTTPURLResponse else {
            throw .invalidResponse("\(url) answered with a \(type(of: response)), not an HTTP response.")
        }
        var responseHeaders = HTTPHeaders()
        for case (let name as String, let value as String) in response.allHeaderFields {
            responseHeaders.add(name: name, value: value)
        }
        return HTTPClientResponse(status: HTTPStatus(code: response.statusCode), headers: responseHeaders, body: data)
    }

    /// `session.data(for:)` without its cancellation deadlock.
    ///
    /// On Linux, `URLSession.data(for:)` calls `URLSessionTask.cancel()` from the Swift task's cancellation
    /// handler, with the task's status lock held; if the connection fails at that moment, URLSession's work queue
    /// resumes the task and waits for the same lock while `cancel()` waits for the work queue, and both threads hang
    /// (swift-corelibs-foundation issue 5412). Here the cancellation handler only resumes the caller and hands
    /// `cancel()` to another queue, so no lock is held while URLSession's queue is awaited.
    private static func data(for request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        let exchange = Exchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let data, let response {
                        exchange.finish(with: .success((data, response)))
                    } else {
                        exchange.finish(with: .failure(error ?? URLError(.badServerResponse)))
                    }
                }
                if exchange.start(task, continuation: continuation) {
                    task.resume()
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    private static func clientError(for error: any Error) -> HTTPClientError {
        guard let urlError = error as? URLError else { return .transportFailed("\(error)") }
        let reason = urlError.localizedDescription
        switch urlError.code {
        case .timedOut:
            return .timedOut(reason)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            return .cannotConnect(reason)
        default:
            return .transportFailed(reason)
        }
    }
}

extension Duration {
    /// The duration in seconds, as URLSession's timeouts take it.
    fileprivate var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
