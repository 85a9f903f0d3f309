public import Foundation
import StoreHTTP

/// How the reconciler reaches an App Store Server API; HTTP in production.
public protocol ServerAPITransport: Sendable {
    /// Sends a request and returns the status and body, or throws when no response came.
    func send(method: String, url: URL, headers: [String: String], body: Data?) async throws -> (status: Int, body: Data)
}

/// The App Store Server API over HTTP, with StoreHTTP's client (30-second timeout, like Apple's client).
public struct HTTPServerAPITransport: ServerAPITransport {
    private let client: HTTPClient

    /// Creates a transport with its own client.
    public init() {
        client = HTTPClient(maximumConnectionsPerHost: 4)
    }

    public func send(method: String, url: URL, headers: [String: String], body: Data?) async throws -> (status: Int, body: Data) {
        var fields = HTTPHeaders()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.add(name: name, value: value) }
        let response = try await client.send(method: HTTPMethod(rawValue: method), url: url, headers: fields, body: body, timeout: .seconds(30))
        return (response.status.code, response.body)
    }
}
