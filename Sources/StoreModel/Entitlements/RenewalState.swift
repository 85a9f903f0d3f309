/// StoreKit's `Product.SubscriptionInfo.RenewalState`: where a subscription stands, as the client sees it.
///
/// It maps one-to-one to the server's `status` (``Status``). Which raw values StoreKit gives the states is
/// undocumented (§7.9); ``rawValue(numbering:)`` gives them under a ``RenewalStateNumbering``.
public enum RenewalState: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Subscribed (status 1): entitled.
    case subscribed
    /// Expired (status 2): not entitled.
    case expired
    /// In billing retry (status 3): not entitled.
    case inBillingRetryPeriod
    /// In the billing grace period (status 4): entitled.
    case inGracePeriod
    /// Revoked by a refund or by Family Sharing (status 5): not entitled.
    case revoked

    /// The state for a server status; `nil` for a status Apple does not document.
    public init?(status: Status) {
        switch status {
        case .active: self = .subscribed
        case .expired: self = .expired
        case .billingRetry: self = .inBillingRetryPeriod
        case .billingGracePeriod: self = .inGracePeriod
        case .revoked: self = .revoked
        default: return nil
        }
    }

    /// The server status code.
    public var status: Status {
        switch self {
        case .subscribed: return .active
        case .expired: return .expired
        case .inBillingRetryPeriod: return .billingRetry
        case .inGracePeriod: return .billingGracePeriod
        case .revoked: return .revoked
        }
    }

    /// Whether the state grants access: `subscribed` and `inGracePeriod`.
    public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }

    /// The raw value under a numbering: the server codes 1–5 by default.
    public func rawValue(numbering: RenewalStateNumbering) -> Int {
        switch numbering {
        case .serverStatusCodes:
            return Int(status.rawValue)
        case .declarationOrder:
            return Self.allCases.firstIndex(of: self) ?? 0
        }
    }

    /// The state a raw value names under a numbering, or `nil` when it names none.
    public init?(rawValue: Int, numbering: RenewalStateNumbering) {
        guard let state = Self.allCases.first(where: { $0.rawValue(numbering: numbering) == rawValue }) else {
            return nil
        }
        self = state
    }

    /// The StoreKit name.
    public var description: String { rawValue }
}
