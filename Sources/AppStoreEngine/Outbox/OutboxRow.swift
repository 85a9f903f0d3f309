import StoreModel

/// A signed notification ready for the outbox. Its UUID is not stored: the row derives it from ``sequence``.
struct OutboxRow: Sendable {
    var sequence: Int64
    var bundleId: String
    var environment: AppStoreEnvironment
    var notificationType: NotificationTypeV2
    var subtype: Subtype?
    var transactionId: String?
    var originalTransactionId: String?
    var signedDate: Timestamp
    /// The payload's stored form, its member names coded (``StoredMemberNames``), its nested transaction a reference
    /// to the transaction's row.
    var stored: StoredJWS
    /// The transaction's stored JSON (without `signedDate`) the notification was signed with.
    var transactionJSON: [UInt8]?
    var testToken: String?
}
