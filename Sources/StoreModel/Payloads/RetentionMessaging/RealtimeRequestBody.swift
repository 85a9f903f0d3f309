/// The body the App Store POSTs to the developer's Get Retention Message endpoint.
public struct RealtimeRequestBody: Codable, Hashable, Sendable {
    /// The request as a JWS whose payload is a `DecodedRealtimeRequestBody`.
    public var signedPayload: String?

    /// Creates a value; every field defaults to absent.
    public init(signedPayload: String? = nil) {
        self.signedPayload = signedPayload
    }
}
