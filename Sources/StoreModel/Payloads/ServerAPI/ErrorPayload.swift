/// The body of an App Store Server API error response.
public struct ErrorPayload: Codable, Hashable, Sendable {
    /// The error code; the HTTP status is its first three digits.
    public var errorCode: Int64?
    /// A description of the error.
    public var errorMessage: String?

    /// Creates a value; every field defaults to absent.
    public init(errorCode: Int64? = nil, errorMessage: String? = nil) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }
}
