import Foundation

/// Metadata that identifies an Advanced Commerce request.
public struct AdvancedCommerceRequestInfo: Codable, Hashable, Sendable {
    /// The developer's UUID for the request, as sent; reuse it to retry.
    public var requestReferenceId: String?
    /// The UUID of the customer's account in the app, as sent.
    public var appAccountToken: String?
    /// The `consistencyToken` from the latest renewal information.
    public var consistencyToken: String?

    /// Creates a value; every field defaults to absent.
    public init(requestReferenceId: String? = nil, appAccountToken: String? = nil, consistencyToken: String? = nil) {
        self.requestReferenceId = requestReferenceId
        self.appAccountToken = appAccountToken
        self.consistencyToken = consistencyToken
    }
}

extension AdvancedCommerceRequestInfo {
    /// `requestReferenceId` parsed as a UUID; nil when absent or not a UUID.
    public var requestReferenceIdUUID: UUID? { requestReferenceId.flatMap { UUID(uuidString: $0) } }

    /// `appAccountToken` parsed as a UUID; nil when absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap { UUID(uuidString: $0) } }
}
