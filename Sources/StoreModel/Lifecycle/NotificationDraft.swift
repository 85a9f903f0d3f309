/// An App Store Server Notification the lifecycle asks the engine to sign and enqueue: its type and subtype,
/// the transaction it carries, the renewal information and status as of the moment it was raised.
public struct NotificationDraft: Hashable, Sendable {
    /// `notificationType`.
    public var notificationType: NotificationTypeV2
    /// `subtype`, when the type has one.
    public var subtype: Subtype?
    /// The transaction for `data.signedTransactionInfo`.
    public var transactionId: String
    /// The renewal information for `data.signedRenewalInfo` (unsigned; the engine signs it).
    public var renewalInfo: JWSRenewalInfoDecodedPayload?
    /// `data.status`.
    public var status: Status?
    /// `data.consumptionRequestReason`, for `CONSUMPTION_REQUEST`.
    public var consumptionRequestReason: ConsumptionRequestReason?

    /// Creates a draft.
    public init(
        notificationType: NotificationTypeV2, subtype: Subtype? = nil, transactionId: String,
        renewalInfo: JWSRenewalInfoDecodedPayload? = nil, status: Status? = nil,
        consumptionRequestReason: ConsumptionRequestReason? = nil
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.transactionId = transactionId
        self.renewalInfo = renewalInfo
        self.status = status
        self.consumptionRequestReason = consumptionRequestReason
    }

    /// `TYPE` or `TYPE/SUBTYPE`, as the reference tables write it.
    public var name: String {
        subtype.map { "\(notificationType.rawValue)/\($0.rawValue)" } ?? notificationType.rawValue
    }
}
