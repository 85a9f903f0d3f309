/// The response of Get App Transaction Info.
public struct AppTransactionInfoResponse: Codable, Hashable, Sendable {
    /// The app transaction as a JWS whose payload is an `AppTransaction`.
    public var signedAppTransactionInfo: String?

    /// Creates a value; every field defaults to absent.
    public init(signedAppTransactionInfo: String? = nil) {
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }
}
