import StoreModel

/// The stored part of an account's app transaction in one app.
struct AppTransactionRecord: Hashable, Sendable {
    var bundleId: String
    var accountId: String
    var appTransactionId: String
    var originalPurchaseDate: Timestamp
    var originalApplicationVersion: String
}
