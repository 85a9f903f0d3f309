/// The response of Get Realtime URL.
public struct RealtimeUrlResponse: Codable, Hashable, Sendable {
    /// The configured URL of the Get Retention Message endpoint.
    public var realtimeURL: String?

    /// Creates a value; every field defaults to absent.
    public init(realtimeURL: String? = nil) {
        self.realtimeURL = realtimeURL
    }
}
