public import Foundation
import StoreHTTP

/// How webhook deliveries leave the server; the HTTP client in production, a recorder in tests.
public protocol WebhookTransport: Sendable {
    /// POSTs `body` to `url` and returns the response status, or `nil` when no response came.
    func post(_ body: Data, to url: URL, headers: [String: String]) async -> Int?
}

/// Delivers over HTTP with StoreHTTP's client (10-second timeout).
public struct HTTPWebhookTransport: WebhookTransport {
    private let client: HTTPClient

    /// Creates a transport with its own client.
    public init() {
        client = HTTPClient(maximumConnectionsPerHost: 8)
    }

    public func post(_ body: Data, to url: URL, headers: [String: String]) async -> Int? {
        var fields = HTTPHeaders()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.add(name: name, value: value) }
        return try? await client.send(method: .post, url: url, headers: fields, body: body, timeout: .seconds(10)).status.code
    }
}
