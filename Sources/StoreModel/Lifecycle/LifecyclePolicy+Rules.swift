/// §7.1: which refunds revoke a subscription.
public enum RefundRevocationRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Only a refund of the chain's latest transaction sets the status to revoked (5).
    case latestTransactionOnly
    /// A refund of any transaction of the chain revokes the subscription.
    case anyTransaction
}

/// §7.2: how a renewal-date extension appears in the chain's transactions.
public enum RenewalExtensionRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// The current transaction's `expiresDate` moves to the new date; the transaction keeps its ID and is
    /// re-signed (the reference's plan, §3.9).
    case extendCurrentTransaction
    /// A free `RENEWAL` transaction covers the added days, from the old `expiresDate` to the new one.
    case createExtensionTransaction
}

/// §7.4: the outcome of turning auto-renew off while in grace or billing retry.
public enum BillingIssueCancellationRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Expire at once with `EXPIRED/BILLING_RETRY` and expiration intent 2 (observed, forum thread 739756).
    case expireWithBillingRetry
    /// Expire at once with `EXPIRED/VOLUNTARY` and expiration intent 1.
    case expireVoluntarily
}

/// §7.6: where grace lengths come from under compressed time rates.
public enum CompressedGracePeriodSource: String, Hashable, Sendable, Codable, CaseIterable {
    /// Xcode's `SKTestSession.TimeRate` table, verbatim (rate 13: 2 min 34 s weekly, 2 min 30 s otherwise).
    case xcodeTimeRateTable
    /// The sandbox settings transcription: 3 minutes weekly and 5 minutes otherwise at 5 minutes per month,
    /// scaled in proportion for the other "monthly renewal every …" rates. Other rates use the Xcode table.
    case sandboxSettingsTable
}

/// §7.9: the raw values StoreKit's `RenewalState` is given.
public enum RenewalStateNumbering: String, Hashable, Sendable, Codable, CaseIterable {
    /// `subscribed` 1, `expired` 2, `inBillingRetryPeriod` 3, `inGracePeriod` 4, `revoked` 5: the server codes.
    case serverStatusCodes
    /// The order StoreKit declares the states in, from 0: `subscribed` 0, `expired` 1, `inBillingRetryPeriod` 2,
    /// `inGracePeriod` 3, `revoked` 4.
    case declarationOrder
}

/// §3.4: which failed renewals get a billing grace period.
public enum GracePeriodScope: String, Hashable, Sendable, Codable, CaseIterable {
    /// "All Renewals": including free offers converting to paid.
    case allRenewals
    /// "Only Paid to Paid Renewals": a failure right after a free offer period goes straight to billing retry.
    case paidToPaidRenewalsOnly
}

/// §3.11: a family member's `webOrderLineItemId`.
public enum FamilyWebOrderLineItemRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// The purchaser's value for the same billing period (it identifies the purchase event across devices).
    case sameAsPurchaser
    /// A value of the member's own.
    case ownValue
}

/// §3.6: the expiry after a customer declined a price increase that needs consent.
public enum DeclinedPriceIncreaseRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// `EXPIRED/PRICE_INCREASE`, expiration intent 3 ("didn't consent to a price increase").
    case expireWithPriceIncrease
    /// `EXPIRED/VOLUNTARY`, expiration intent 1, as if the customer had simply turned auto-renew off.
    case expireVoluntarily
}
