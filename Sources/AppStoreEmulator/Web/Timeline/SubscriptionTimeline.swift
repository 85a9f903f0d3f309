import StoreModel

/// What a subscription's timeline picture shows, drawn from its transactions and renewal info: the periods
/// paid for (and their offers), where they were refunded or revoked, the grace period and billing retry the
/// renewal info reports, gaps without access, and the clock's current instant.
///
/// Building it is pure: the same transactions and instant give the same timeline, so the picture is
/// deterministic and testable.
///
/// ```swift
/// let timeline = SubscriptionTimeline(
///     transactions: chain.map(\.payload), renewalInfo: status.renewalInfo.payload, now: clock.now)
/// let svg = TimelineSVG.render(timeline)
/// ```
public struct SubscriptionTimeline: Sendable, Hashable {
    /// One transaction's period of access.
    public struct Period: Sendable, Hashable {
        /// The transaction that paid for it.
        public var transactionId: String
        /// The product it was for.
        public var productId: String
        /// When it started (`purchaseDate`).
        public var start: Timestamp
        /// When it ends (`expiresDate`).
        public var end: Timestamp
        /// The offer that priced it, if any.
        public var offerType: OfferType?
        /// When the App Store refunded or revoked it, if it did.
        public var revocationDate: Timestamp?
        /// Whether the customer upgraded away from it.
        public var isUpgraded: Bool
    }

    /// A stretch of the subscription's life that is not a paid period.
    public struct Stretch: Sendable, Hashable {
        /// What kind of stretch it is.
        public enum Kind: String, Sendable, Hashable {
            /// Billing failed; the customer keeps access until the grace period ends.
            case gracePeriod = "grace period"
            /// Billing failed; the App Store retries and the customer has no access.
            case billingRetry = "billing retry"
            /// No period covers it: the subscription lapsed here before a later purchase or recovery.
            case lapsed
        }

        /// What kind of stretch it is.
        public var kind: Kind
        /// Where it starts.
        public var start: Timestamp
        /// Where it ends.
        public var end: Timestamp

        /// A stretch of `kind` from `start` to `end`.
        public init(kind: Kind, start: Timestamp, end: Timestamp) {
            self.kind = kind
            self.start = start
            self.end = end
        }
    }

    /// The original transaction ID the chain shares.
    public var originalTransactionId: String
    /// Periods in purchase order.
    public var periods: [Period]
    /// Grace, billing retry and lapses, in time order.
    public var stretches: [Stretch]
    /// The clock's instant when the picture was drawn.
    public var now: Timestamp

    /// Builds the timeline of one subscription chain.
    /// - Parameters:
    ///   - transactions: The chain's transactions (any order); those without a purchase or expiry date are skipped.
    ///   - renewalInfo: The chain's current renewal info, for grace period and billing retry.
    ///   - now: The clock's current instant: an ongoing grace period or retry is drawn up to it.
    public init(transactions: [JWSTransactionDecodedPayload], renewalInfo: JWSRenewalInfoDecodedPayload?, now: Timestamp) {
        self.now = now
        self.originalTransactionId =
            transactions.first?.originalTransactionId ?? renewalInfo?.originalTransactionId ?? ""
        self.periods = transactions.compactMap { transaction -> Period? in
            guard let start = transaction.purchaseDate, let end = transaction.expiresDate ?? transaction.revocationDate
            else { return nil }
            return Period(
                transactionId: transaction.transactionId ?? "", productId: transaction.productId ?? "",
                start: start, end: max(start, end), offerType: transaction.offerType,
                revocationDate: transaction.revocationDate, isUpgraded: transaction.isUpgraded ?? false)
        }
        .sorted { ($0.start, $0.transactionId) < ($1.start, $1.transactionId) }

        var stretches: [Stretch] = []
        var coveredUntil: Timestamp?
        for period in periods {
            if let covered = coveredUntil, covered < period.start {
                stretches.append(Stretch(kind: .lapsed, start: covered, end: period.start))
            }
            coveredUntil = max(coveredUntil ?? period.end, period.end)
        }
        if let lastEnd = coveredUntil, let renewalInfo {
            let grace = renewalInfo.gracePeriodExpiresDate.flatMap { $0 > lastEnd ? $0 : nil }
            let retrying = renewalInfo.isInBillingRetryPeriod ?? false
            if let grace, retrying {
                stretches.append(Stretch(kind: .gracePeriod, start: lastEnd, end: grace))
                if now > grace { stretches.append(Stretch(kind: .billingRetry, start: grace, end: now)) }
            } else if retrying, now > lastEnd {
                stretches.append(Stretch(kind: .billingRetry, start: lastEnd, end: now))
            }
        }
        self.stretches = stretches
    }

    /// The earliest and latest instants the picture must show: every period, stretch and the current instant.
    public var span: ClosedRange<Timestamp> {
        let starts = periods.map(\.start) + stretches.map(\.start) + [now]
        let ends = periods.map(\.end) + stretches.map(\.end) + [now]
        return starts.min()!...ends.max()!
    }
}
