import Foundation

/// The body of Extend a Subscription Renewal Date.
public struct ExtendRenewalDateRequest: Codable, Hashable, Sendable {
    /// The number of days to extend by (at most 90).
    public var extendByDays: Int32?
    /// Why the renewal date is extended.
    public var extendReasonCode: ExtendReasonCode?
    /// The developer's UUID for this request, as sent.
    public var requestIdentifier: String?

    /// Creates a value; every field defaults to absent.
    public init(
        extendByDays: Int32? = nil,
        extendReasonCode: ExtendReasonCode? = nil,
        requestIdentifier: String? = nil
    ) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }
}

extension ExtendRenewalDateRequest {
    /// `requestIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var requestIdentifierUUID: UUID? { requestIdentifier.flatMap { UUID(uuidString: $0) } }
}
