import Foundation

/// A response received by ``HTTPClient``.
public struct HTTPClientResponse: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields. URLSession merges repeated fields into one, comma-separated.
    public var headers: HTTPHeaders
    /// The complete body.
    public var body: Data

    /// Creates a response.
    public init(status: HTTPStatus, headers: HTTPHeaders, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body decoded as UTF-8, with invalid bytes replaced.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
