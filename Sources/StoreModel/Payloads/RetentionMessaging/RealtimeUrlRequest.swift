/// The body of Configure Realtime URL.
public struct RealtimeUrlRequest: Codable, Hashable, Sendable {
    /// The URL of the developer's Get Retention Message endpoint (at most 256 characters).
    public var realtimeURL: String?

    /// Creates a value; every field defaults to absent.
    public init(realtimeURL: String? = nil) {
        self.realtimeURL = realtimeURL
    }
}
