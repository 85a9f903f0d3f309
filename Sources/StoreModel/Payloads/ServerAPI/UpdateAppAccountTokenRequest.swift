import Foundation

/// The body of Set App Account Token.
public struct UpdateAppAccountTokenRequest: Codable, Hashable, Sendable {
    /// The UUID to associate with the transaction, as sent (Apple's Swift client sends it uppercase).
    public var appAccountToken: String?

    /// Creates a value; every field defaults to absent.
    public init(appAccountToken: String? = nil) {
        self.appAccountToken = appAccountToken
    }
}

extension UpdateAppAccountTokenRequest {
    /// `appAccountToken` parsed as a UUID; nil when absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap { UUID(uuidString: $0) } }
}
