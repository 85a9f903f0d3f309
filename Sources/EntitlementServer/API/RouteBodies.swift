import Foundation
import StoreModel

/// `POST /v1/accounts/{account}/transactions`.
struct SubmitTransactionBody: Decodable {
    var signedTransaction: String
    var signedRenewalInfo: String?
}

/// `PUT /v1/accounts/{account}/app-account-token`.
struct AppAccountTokenBody: Decodable {
    var appAccountToken: String
}

/// `POST /v1/accounts/{account}/grants`.
struct GrantBody: Decodable {
    var grantId: String
    var capability: String
    var startsAt: Int64?
    var expiresAt: Int64?
    var durationSeconds: Int64?
    var reason: String?
}

/// `POST /v1/accounts/{account}/consumables/{currency}/spend`.
struct SpendBody: Decodable {
    var amount: Int64
    var idempotencyKey: String
}

/// `POST /v1/reconcile`.
struct ReconcileBody: Decodable {
    var originalTransactionIds: [String]?
}

/// The answer to a notification.
struct IngestAnswer: Encodable {
    /// `applied`, `recorded` (a late notification: its transaction was kept, the state left alone) or `duplicate`.
    var status: String
    var events: [String]

    /// The answer's JSON, keys sorted: the bytes of `JSONEncoder` with sorted keys, written directly, since every
    /// notification is answered with it.
    var json: Data {
        var writer = CanonicalJSONWriter(capacity: 64 + events.reduce(0) { $0 + $1.utf8.count + 3 })
        writer.object { answer in
            answer.field("events", events)
            answer.field("status", status)
        }
        return Data(writer.bytes)
    }
}

/// The answer to a submitted transaction.
struct SubmitAnswer: Encodable {
    var decision: String
    var owner: String?
    var entitlements: AccountEntitlements
}

/// The answer to a spend.
struct SpendAnswer: Encodable {
    var status: String
    var balance: Int64
}
