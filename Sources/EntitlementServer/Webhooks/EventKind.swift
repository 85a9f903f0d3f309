/// The normalized events the server emits, to webhooks and in an account's history.
public enum EventKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A purchase, resubscription, upgrade or reinstatement gave access to capabilities.
    case capabilityGranted = "capability_granted"
    /// A subscription renewed (including a recovery from billing retry or grace).
    case capabilityRenewed = "capability_renewed"
    /// A renewal failed and the billing grace period keeps access.
    case capabilityEnteredGrace = "capability_entered_grace"
    /// Access ended: expiry, billing retry without grace, grace expired, family revocation, refund.
    case capabilityLost = "capability_lost"
    /// Auto-renew was turned on or off, or the next renewal's product changed.
    case renewalChanged = "renewal_changed"
    /// Apple refunded a transaction.
    case refund
    /// Apple reversed a refund.
    case refundReversed = "refund_reversed"
    /// A consumable purchase credited a balance.
    case consumableCredited = "consumable_credited"
    /// A refund (or a spend) debited a balance.
    case consumableDebited = "consumable_debited"
    /// A chain changed hands or gained an owner (restore policy, appAccountToken link).
    case ownershipChanged = "ownership_changed"
    /// The developer granted a capability for a period.
    case promotionalGranted = "promotional_granted"
    /// The developer revoked a promotional grant.
    case promotionalRevoked = "promotional_revoked"
}
