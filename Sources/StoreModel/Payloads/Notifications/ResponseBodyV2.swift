/// The body the App Store POSTs to the developer's notification URL.
public struct ResponseBodyV2: Codable, Hashable, Sendable {
    /// The notification as a JWS whose payload is a `ResponseBodyV2DecodedPayload`.
    public var signedPayload: String?

    /// Creates a value; every field defaults to absent.
    public init(signedPayload: String? = nil) {
        self.signedPayload = signedPayload
    }
}
