import StoreModel

/// A transaction a step created or changed, with its key fields as they are after the change.
public struct TimelineTransaction: Hashable, Sendable, Encodable {
    /// Whether the step created the transaction or changed it.
    public enum Change: String, Hashable, Sendable, Encodable {
        case created, updated
    }

    /// Created or updated.
    public var change: Change
    /// When it happened (the purchase date of a new transaction; for a change, when it was recorded).
    public var time: TimelineInstant
    /// The owner, when known.
    public var accountId: String?
    /// `transactionId`.
    public var transactionId: String
    /// `originalTransactionId`.
    public var originalTransactionId: String
    /// `productId`.
    public var productId: String
    /// `type`.
    public var type: String
    /// `transactionReason` (`PURCHASE`, `RENEWAL`).
    public var transactionReason: String?
    /// `inAppOwnershipType`.
    public var ownership: String?
    /// `purchaseDate`.
    public var purchaseDate: TimelineInstant?
    /// `expiresDate`.
    public var expiresDate: TimelineInstant?
    /// `quantity`.
    public var quantity: Int32?
    /// `price` in milliunits, and `currency`.
    public var price: Int64?
    public var currency: String?
    /// `offerType` (1 introductory, 2 promotional, 3 offer code, 4 win-back), `offerIdentifier` and
    /// `offerDiscountType`.
    public var offerType: Int32?
    public var offerIdentifier: String?
    public var offerDiscountType: String?
    /// `revocationDate`, `revocationType`, `revocationReason`, `revocationPercentage`.
    public var revocationDate: TimelineInstant?
    public var revocationType: String?
    public var revocationReason: Int32?
    public var revocationPercentage: Int32?
    /// `isUpgraded`.
    public var isUpgraded: Bool?
    /// `appAccountToken`.
    public var appAccountToken: String?
    /// For an update, what changed: `revoked`, `isUpgraded`, `expiresDate 2024-02-01 00:00:00 → …`.
    public var changes: [String]

    /// The key fields of a payload.
    init(_ payload: JWSTransactionDecodedPayload, change: Change, time: Timestamp, accountId: String?) {
        self.change = change
        self.time = TimelineInstant(time)
        self.accountId = accountId
        transactionId = payload.transactionId ?? ""
        originalTransactionId = payload.originalTransactionId ?? ""
        productId = payload.productId ?? ""
        type = payload.type?.rawValue ?? ""
        transactionReason = payload.transactionReason?.rawValue
        ownership = payload.inAppOwnershipType?.rawValue
        purchaseDate = payload.purchaseDate.map(TimelineInstant.init)
        expiresDate = payload.expiresDate.map(TimelineInstant.init)
        quantity = payload.quantity
        price = payload.price
        currency = payload.currency
        offerType = payload.offerType?.rawValue
        offerIdentifier = payload.offerIdentifier
        offerDiscountType = payload.offerDiscountType?.rawValue
        revocationDate = payload.revocationDate.map(TimelineInstant.init)
        revocationType = payload.revocationType?.rawValue
        revocationReason = payload.revocationReason?.rawValue
        revocationPercentage = payload.revocationPercentage
        isUpgraded = payload.isUpgraded
        appAccountToken = payload.appAccountToken
        changes = []
    }

    /// What differs from an earlier version of the same transaction, in words; empty when nothing a timeline
    /// shows changed.
    func differences(from earlier: TimelineTransaction) -> [String] {
        var result: [String] = []
        if revocationDate != earlier.revocationDate {
            result.append(revocationDate == nil ? "revocation cleared" : "revoked")
        }
        if revocationType != earlier.revocationType || revocationPercentage != earlier.revocationPercentage,
            revocationDate != nil, earlier.revocationDate != nil
        {
            result.append("revocation \(revocationType ?? "-")")
        }
        if isUpgraded != earlier.isUpgraded { result.append(isUpgraded == true ? "isUpgraded" : "isUpgraded cleared") }
        if expiresDate != earlier.expiresDate {
            result.append("expiresDate \(earlier.expiresDate?.description ?? "-") → \(expiresDate?.description ?? "-")")
        }
        if purchaseDate != earlier.purchaseDate { result.append("purchaseDate → \(purchaseDate?.description ?? "-")") }
        if appAccountToken != earlier.appAccountToken {
            result.append(appAccountToken.map { "appAccountToken \($0)" } ?? "appAccountToken cleared")
        }
        if price != earlier.price || offerIdentifier != earlier.offerIdentifier || offerType != earlier.offerType {
            result.append("price or offer")
        }
        if productId != earlier.productId { result.append("productId \(productId)") }
        return result
    }
}
