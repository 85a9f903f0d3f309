import StoreModel

/// Signed data that passed verification, ready to be applied: a notification, a transaction an app sent, or
/// a status the reconciler read. Whatever its source, it is applied by the same rules.
struct VerifiedEvidence: Sendable {
    /// Where the evidence came from.
    enum Source: String, Sendable {
        /// An App Store Server Notification V2.
        case notification
        /// A signed transaction an app sent for an account.
        case app
        /// The reconciler's read of the App Store Server API.
        case reconciler
    }

    /// The notification's identity, when the evidence is one.
    struct NotificationIdentity: Sendable {
        var uuid: String
        var type: NotificationTypeV2
        var subtype: Subtype?
        var signedDate: Timestamp
    }

    var source: Source
    var bundleId: String
    var environment: AppStoreEnvironment
    var notification: NotificationIdentity?
    var transaction: JWSTransactionDecodedPayload?
    var renewal: JWSRenewalInfoDecodedPayload?
    /// The subscription status as of ``order``, when the evidence states one.
    var status: Status?
    /// Where this evidence sits on the chain's timeline.
    var order: EvidenceOrder
}

/// The position of a piece of evidence on a chain's timeline: its `signedDate`, then a tie-breaker (the
/// notification UUID, or the signed text), so that concurrent registers converge whatever the arrival order.
struct EvidenceOrder: Comparable, Sendable {
    var signedDate: Int64
    var tiebreak: String

    static func < (lhs: EvidenceOrder, rhs: EvidenceOrder) -> Bool {
        (lhs.signedDate, lhs.tiebreak) < (rhs.signedDate, rhs.tiebreak)
    }

    /// Before every real evidence: what an empty register holds.
    static let origin = EvidenceOrder(signedDate: .min, tiebreak: "")
}
