import Foundation

/// The response of Extend Subscription Renewal Dates for All Active Subscribers.
public struct MassExtendRenewalDateResponse: Codable, Hashable, Sendable {
    /// The developer's UUID for the request, echoed.
    public var requestIdentifier: String?

    /// Creates a value; every field defaults to absent.
    public init(requestIdentifier: String? = nil) {
        self.requestIdentifier = requestIdentifier
    }
}

extension MassExtendRenewalDateResponse {
    /// `requestIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var requestIdentifierUUID: UUID? { requestIdentifier.flatMap { UUID(uuidString: $0) } }
}
