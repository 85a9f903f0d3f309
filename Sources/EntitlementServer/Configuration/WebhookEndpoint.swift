public import Foundation

/// A URL that receives the server's normalized events, signed with HMAC-SHA256.
public struct WebhookEndpoint: Hashable, Sendable {
    /// A short name, used as the outbox key (events are queued once per endpoint).
    public var name: String
    /// Where events are POSTed.
    public var url: URL
    /// The shared secret of the `Tienda-Signature` header.
    public var secret: String

    /// Creates an endpoint.
    public init(name: String, url: URL, secret: String) {
        self.name = name
        self.url = url
        self.secret = secret
    }
}
