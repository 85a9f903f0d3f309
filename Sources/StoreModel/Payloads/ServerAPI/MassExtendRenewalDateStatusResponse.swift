import Foundation

/// The response of Get Status of Subscription Renewal Date Extensions.
public struct MassExtendRenewalDateStatusResponse: Codable, Hashable, Sendable {
    /// The developer's UUID for the request, echoed.
    public var requestIdentifier: String?
    /// Whether the App Store finished the extension.
    public var complete: Bool?
    /// When the App Store finished the extension.
    public var completeDate: Timestamp?
    /// How many subscriptions were extended.
    public var succeededCount: Int64?
    /// How many subscriptions could not be extended.
    public var failedCount: Int64?

    /// Creates a value; every field defaults to absent.
    public init(
        requestIdentifier: String? = nil,
        complete: Bool? = nil,
        completeDate: Timestamp? = nil,
        succeededCount: Int64? = nil,
        failedCount: Int64? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.complete = complete
        self.completeDate = completeDate
        self.succeededCount = succeededCount
        self.failedCount = failedCount
    }
}

extension MassExtendRenewalDateStatusResponse {
    /// `requestIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var requestIdentifierUUID: UUID? { requestIdentifier.flatMap { UUID(uuidString: $0) } }
}
