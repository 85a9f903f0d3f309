import StoreModel

/// Where a notification's delivery stands.
public enum DeliveryState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not yet delivered; the sender should (re)try it.
    case pending
    /// The developer's server answered with success.
    case delivered
    /// Delivery failed and will not be retried.
    case failed
}
