import StoreModel

/// A signed notification ready for the outbox.
struct OutboxRow: Sendable {
    var sequence: Int64
    var uuid: String
    var bundleId: String
    var environment: AppStoreEnvironment
    var notificationType: NotificationTypeV2
    var subtype: Subtype?
    var transactionId: String?
    var originalTransactionId: String?
    var signedDate: Timestamp
    var stored: StoredJWS
    var testToken: String?
}
