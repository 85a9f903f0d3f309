import Foundation

/// The body of Extend Subscription Renewal Dates for All Active Subscribers.
public struct MassExtendRenewalDateRequest: Codable, Hashable, Sendable {
    /// The number of days to extend by (at most 90).
    public var extendByDays: Int32?
    /// Why the renewal dates are extended.
    public var extendReasonCode: ExtendReasonCode?
    /// The developer's UUID for this request, as sent.
    public var requestIdentifier: String?
    /// The storefronts to extend in (ISO 3166-1 alpha-3); all when absent.
    public var storefrontCountryCodes: [String]?
    /// The product identifier of the subscription to extend.
    public var productId: String?

    /// Creates a value; every field defaults to absent.
    public init(
        extendByDays: Int32? = nil,
        extendReasonCode: ExtendReasonCode? = nil,
        requestIdentifier: String? = nil,
        storefrontCountryCodes: [String]? = nil,
        productId: String? = nil
    ) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
        self.storefrontCountryCodes = storefrontCountryCodes
        self.productId = productId
    }
}

extension MassExtendRenewalDateRequest {
    /// `requestIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var requestIdentifierUUID: UUID? { requestIdentifier.flatMap { UUID(uuidString: $0) } }
}
