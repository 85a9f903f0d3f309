/// Compact binary forms of the lifecycle state, for storing millions of chains: written and read field by field,
/// they cost a fraction of JSON. The first byte is a format version.
///
/// ``compactRepresentation`` holds the whole chain. ``compactState`` leaves out the chain's ``Identity``, which a
/// store keeps in columns of the chain's row anyway (to index it), and writes numeric identifiers as integers:
/// a row holding both spent about half its bytes on the same values twice.
extension SubscriptionLifecycle {
    /// The format of ``compactRepresentation``.
    static let compactFormat: UInt8 = 0xC1
    /// The format of ``compactState``.
    static let compactStateFormat: UInt8 = 0xC2

    /// What identifies a chain and never changes after it starts, but for its product (which a plan change
    /// replaces): the fields ``compactState`` leaves to the store.
    public struct Identity: Hashable, Sendable {
        public var originalTransactionId: String
        public var accountId: String
        public var bundleId: String
        public var subscriptionGroupIdentifier: String
        public var ownership: InAppOwnershipType
        public var purchaserOriginalTransactionId: String?
        /// The current product.
        public var productId: String

        public init(
            originalTransactionId: String, accountId: String, bundleId: String, subscriptionGroupIdentifier: String,
            ownership: InAppOwnershipType, purchaserOriginalTransactionId: String?, productId: String
        ) {
            self.originalTransactionId = originalTransactionId
            self.accountId = accountId
            self.bundleId = bundleId
            self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
            self.ownership = ownership
            self.purchaserOriginalTransactionId = purchaserOriginalTransactionId
            self.productId = productId
        }
    }

    /// The chain's identity, which ``compactState`` leaves out.
    public var identity: Identity {
        Identity(
            originalTransactionId: originalTransactionId, accountId: accountId, bundleId: bundleId,
            subscriptionGroupIdentifier: subscriptionGroupIdentifier, ownership: ownership,
            purchaserOriginalTransactionId: purchaserOriginalTransactionId, productId: productId)
    }

    /// The whole chain as compact bytes.
    public var compactRepresentation: [UInt8] { compactBytes(withIdentity: true) }

    /// The chain as compact bytes without its ``identity``: read back with ``init(compactState:identity:)``.
    public var compactState: [UInt8] { compactBytes(withIdentity: false) }

    private func compactBytes(withIdentity: Bool) -> [UInt8] {
        var writer = CompactWriter(capacity: withIdentity ? 256 : 128)
        if withIdentity {
            writer.byte(Self.compactFormat)
            writer.string(originalTransactionId)
            writer.string(accountId)
            writer.string(bundleId)
            writer.string(subscriptionGroupIdentifier)
            writer.string(ownership.rawValue)
            writer.optional(purchaserOriginalTransactionId) { $0.string($1) }
        } else {
            writer.byte(Self.compactStateFormat)
        }
        writer.timestamp(originalPurchaseDate)
        Self.write(state, to: &writer)
        if withIdentity {
            writer.string(productId)
            writer.string(autoRenewProductId)
            writer.bool(isAutoRenewEnabled)
            writer.string(latestTransactionId)
            writer.string(latestWebOrderLineItemId)
            writer.optional(mirroredTransactionId) { $0.string($1) }
        } else {
            // The renewal product is usually the current one, which the identity holds.
            writer.optional(autoRenewProductId == productId ? nil : autoRenewProductId) { $0.string($1) }
            writer.bool(isAutoRenewEnabled)
            writer.decimalString(latestTransactionId)
            writer.decimalString(latestWebOrderLineItemId)
            writer.optional(mirroredTransactionId) { $0.decimalString($1) }
        }
        writer.timestamp(periodStart)
        writer.timestamp(expiresDate)
        writer.optional(currentOffer, Self.write)
        writer.optional(nextOffer, Self.write)
        writer.optional(pendingPriceIncrease) { writer, increase in
            writer.string(increase.productId)
            writer.integer(increase.newPriceMilliunits)
            writer.bool(increase.requiresConsent)
            writer.bool(increase.isAccepted)
        }
        writer.unsigned(UInt64(increasedPrices.count))
        for (product, price) in increasedPrices.sorted(by: { $0.key < $1.key }) {
            writer.string(product)
            writer.integer(price)
        }
        writer.bool(hasDeclinedPriceIncrease)
        writer.bool(isBillingIssueScheduled)
        writer.timestamp(recentSubscriptionStartDate)
        writer.bool(hasUsedIntroductoryOffer)
        writer.unsigned(UInt64(renewalExtensionDates.count))
        for date in renewalExtensionDates { writer.timestamp(date) }
        writer.optional(appAccountToken) { $0.string($1) }
        writer.integer(Int64(renewalCount))
        writer.integer(currentPriceMilliunits)
        writer.string(currency)
        writer.optional(dueEvent) { writer, due in
            writer.string(due.kind.rawValue)
            writer.timestamp(due.date)
        }
        return writer.bytes
    }

    /// Reads a chain from ``compactRepresentation``; `nil` when the bytes are not that format.
    public init?(compactRepresentation bytes: [UInt8]) {
        self.init(compactBytes: bytes, identity: nil)
    }

    /// Reads a chain from ``compactState`` and the identity kept beside it, or from ``compactRepresentation``
    /// (which holds its own identity, and `identity` is then not used); `nil` when the bytes are neither.
    public init?(compactState bytes: [UInt8], identity: consuming Identity) {
        self.init(compactBytes: bytes, identity: consume identity)
    }

    /// Reads a chain as ``init(compactState:identity:)`` does, built in the result's place: a failable
    /// initializer copies the chain it made into its result (retaining each of its strings), which a store reading
    /// a chain for every event it handles should not pay.
    public static func decoded(compactState bytes: [UInt8], identity: consuming Identity) -> SubscriptionLifecycle? {
        do {
            return try read(compactBytes: bytes, identity: identity)
        } catch {
            return nil
        }
    }

    private init?(compactBytes bytes: [UInt8], identity given: consuming Identity?) {
        do {
            self = try Self.read(compactBytes: bytes, identity: given)
        } catch {
            return nil
        }
    }

    /// Reads a chain from either compact form: every field first, then the chain in one step, which a function
    /// returns in its result's place (``decoded(compactState:identity:)``).
    private static func read(
        compactBytes bytes: [UInt8], identity given: consuming Identity?
    ) throws(CompactReader.Malformed) -> SubscriptionLifecycle {
        var reader = CompactReader(bytes)
        let withIdentity: Bool
        switch try reader.byte() {
        case Self.compactFormat: withIdentity = true
        case Self.compactStateFormat where given != nil: withIdentity = false
        default: throw CompactReader.Malformed()
        }
        let originalTransactionId, accountId, bundleId, subscriptionGroupIdentifier: String
        let ownership: InAppOwnershipType
        let purchaserOriginalTransactionId: String?
        var givenProductId: String?
        if withIdentity {
            originalTransactionId = try reader.string()
            accountId = try reader.string()
            bundleId = try reader.string()
            subscriptionGroupIdentifier = try reader.string()
            ownership = InAppOwnershipType(rawValue: try reader.string())
            purchaserOriginalTransactionId = try reader.optional { reader throws(CompactReader.Malformed) in try reader.string() }
        } else if let given = consume given {
            givenProductId = given.productId
            originalTransactionId = given.originalTransactionId
            accountId = given.accountId
            bundleId = given.bundleId
            subscriptionGroupIdentifier = given.subscriptionGroupIdentifier
            ownership = given.ownership
            purchaserOriginalTransactionId = given.purchaserOriginalTransactionId
        } else {
            throw CompactReader.Malformed()
        }
        let originalPurchaseDate = try reader.timestamp()
        let state = try Self.readState(&reader)
        let productId, autoRenewProductId, latestTransactionId, latestWebOrderLineItemId: String
        let isAutoRenewEnabled: Bool
        let mirroredTransactionId: String?
        if withIdentity {
            productId = try reader.string()
            autoRenewProductId = try reader.string()
            isAutoRenewEnabled = try reader.bool()
            latestTransactionId = try reader.string()
            latestWebOrderLineItemId = try reader.string()
            mirroredTransactionId = try reader.optional { reader throws(CompactReader.Malformed) in try reader.string() }
        } else {
            let product = givenProductId ?? ""
            productId = product
            autoRenewProductId = try reader.optional { reader throws(CompactReader.Malformed) in try reader.string() }
                ?? product
            isAutoRenewEnabled = try reader.bool()
            latestTransactionId = try reader.decimalString()
            latestWebOrderLineItemId = try reader.decimalString()
            mirroredTransactionId = try reader.optional { reader throws(CompactReader.Malformed) in
                try reader.decimalString()
            }
        }
        let periodStart = try reader.timestamp()
        let expiresDate = try reader.timestamp()
        let currentOffer = try reader.optional(Self.readOffer)
        let nextOffer = try reader.optional(Self.readOffer)
        let pendingPriceIncrease = try reader.optional { reader throws(CompactReader.Malformed) in
            PriceIncrease(
                productId: try reader.string(), newPriceMilliunits: try reader.integer(),
                requiresConsent: try reader.bool(), isAccepted: try reader.bool())
        }
        var increasedPrices: [String: Int64] = [:]
        for _ in 0..<(try reader.unsigned()) { increasedPrices[try reader.string()] = try reader.integer() }
        let hasDeclinedPriceIncrease = try reader.bool()
        let isBillingIssueScheduled = try reader.bool()
        let recentSubscriptionStartDate = try reader.timestamp()
        let hasUsedIntroductoryOffer = try reader.bool()
        var renewalExtensionDates: [Timestamp] = []
        for _ in 0..<(try reader.unsigned()) { renewalExtensionDates.append(try reader.timestamp()) }
        let appAccountToken = try reader.optional { reader throws(CompactReader.Malformed) in try reader.string() }
        let renewalCount = try reader.int()
        let currentPriceMilliunits = try reader.integer()
        let currency = try reader.string()
        let dueEvent = try reader.optional { reader throws(CompactReader.Malformed) in
            guard let kind = LifecycleDueEvent.Kind(rawValue: try reader.string()) else { throw CompactReader.Malformed() }
            return LifecycleDueEvent(kind: kind, date: try reader.timestamp())
        }
        guard reader.isAtEnd else { throw CompactReader.Malformed() }
        return SubscriptionLifecycle(
            originalTransactionId: originalTransactionId, accountId: accountId, bundleId: bundleId,
            subscriptionGroupIdentifier: subscriptionGroupIdentifier, ownership: ownership,
            purchaserOriginalTransactionId: purchaserOriginalTransactionId, originalPurchaseDate: originalPurchaseDate,
            state: state, productId: productId, autoRenewProductId: autoRenewProductId,
            isAutoRenewEnabled: isAutoRenewEnabled, latestTransactionId: latestTransactionId,
            latestWebOrderLineItemId: latestWebOrderLineItemId, mirroredTransactionId: mirroredTransactionId,
            periodStart: periodStart, expiresDate: expiresDate, currentOffer: currentOffer, nextOffer: nextOffer,
            pendingPriceIncrease: pendingPriceIncrease, increasedPrices: increasedPrices,
            hasDeclinedPriceIncrease: hasDeclinedPriceIncrease, isBillingIssueScheduled: isBillingIssueScheduled,
            recentSubscriptionStartDate: recentSubscriptionStartDate, hasUsedIntroductoryOffer: hasUsedIntroductoryOffer,
            renewalExtensionDates: renewalExtensionDates, appAccountToken: appAccountToken, renewalCount: renewalCount,
            currentPriceMilliunits: currentPriceMilliunits, currency: currency, dueEvent: dueEvent)
    }

    private static func write(_ state: SubscriptionState, to writer: inout CompactWriter) {
        switch state {
        case .active:
            writer.byte(1)
        case .inGracePeriod(let graceEnd, let retryEnd):
            writer.byte(2)
            writer.timestamp(graceEnd)
            writer.timestamp(retryEnd)
        case .inBillingRetry(let retryEnd):
            writer.byte(3)
            writer.timestamp(retryEnd)
        case .expired(let intent, let date):
            writer.byte(4)
            writer.integer(Int64(intent.rawValue))
            writer.timestamp(date)
        case .revoked(let previous, let date):
            writer.byte(5)
            write(previous, to: &writer)
            writer.timestamp(date)
        }
    }

    private static func readState(_ reader: inout CompactReader) throws(CompactReader.Malformed) -> SubscriptionState {
        switch try reader.byte() {
        case 1: return .active
        case 2: return .inGracePeriod(gracePeriodExpiresDate: try reader.timestamp(), billingRetryExpiresDate: try reader.timestamp())
        case 3: return .inBillingRetry(billingRetryExpiresDate: try reader.timestamp())
        case 4:
            guard let intent = Int32(exactly: try reader.integer()) else { throw CompactReader.Malformed() }
            return .expired(intent: ExpirationIntent(rawValue: intent), date: try reader.timestamp())
        case 5:
            let previous = try readState(&reader)
            return .revoked(previous: previous, date: try reader.timestamp())
        default: throw CompactReader.Malformed()
        }
    }

    private static func write(_ writer: inout CompactWriter, _ offer: OfferApplication) {
        writer.integer(Int64(offer.type.rawValue))
        writer.optional(offer.identifier) { $0.string($1) }
        writer.string(offer.discountType.rawValue)
        writer.string(offer.period.iso8601)
        writer.integer(offer.priceMilliunits)
        writer.integer(Int64(offer.totalPeriods))
        writer.integer(Int64(offer.remainingPeriods))
        writer.string(offer.productId)
    }

    private static func readOffer(_ reader: inout CompactReader) throws(CompactReader.Malformed) -> OfferApplication {
        guard let type = Int32(exactly: try reader.integer()) else { throw CompactReader.Malformed() }
        let identifier = try reader.optional { reader throws(CompactReader.Malformed) in try reader.string() }
        let discount = OfferDiscountType(rawValue: try reader.string())
        guard let period = SubscriptionPeriod(iso8601: try reader.string()) else { throw CompactReader.Malformed() }
        return OfferApplication(
            type: OfferType(rawValue: type), identifier: identifier, discountType: discount, period: period,
            priceMilliunits: try reader.integer(), totalPeriods: try reader.int(), remainingPeriods: try reader.int(),
            productId: try reader.string())
    }
}
