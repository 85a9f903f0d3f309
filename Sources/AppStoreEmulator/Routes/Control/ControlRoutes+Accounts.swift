import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Accounts and what they own.
extension ControlRoutes {
    /// A transaction as the control API lists it: its payload, its account and whether the app finished it.
    struct TransactionRecordJSON: Encodable, Sendable {
        let accountId: String
        let isFinished: Bool
        let transaction: JWSTransactionDecodedPayload

        init(_ record: TransactionRecord) {
            accountId = record.accountId
            isFinished = record.isFinished
            transaction = record.payload
        }
    }

    @Sendable func accounts(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        JSONAPI.json(["accounts": try await engine.accounts()])
    }

    struct AccountBody: Decodable, Sendable {
        var id: String
        var storefront: String?
        var familyGroup: String?
        var canMakePayments: Bool?
    }

    /// Creates an account (`409 alreadyExists` when the ID is taken).
    @Sendable func createAccount(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(AccountBody.self, of: request)
        guard !body.id.isEmpty else { throw EmulatorAPIError.badRequest("\"id\" must not be empty.") }
        var account = Account(id: body.id, familyGroup: body.familyGroup, canMakePayments: body.canMakePayments ?? true)
        if let code = body.storefront {
            guard let storefront = Storefront.known(code) else {
                throw EmulatorAPIError.badRequest("\"storefront\": \(code) is no storefront; use an ISO 3166-1 alpha-3 code such as USA.")
            }
            account.storefront = storefront
        }
        return JSONAPI.json(try await engine.createAccount(account), status: .created)
    }

    @Sendable func accountTransactions(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let accountId = try JSONAPI.parameter("accountId", parameters)
        _ = try await engine.account(accountId)
        let records = try await engine.customerTransactions(
            Customer(bundleId: try await bundleId(request), accountId: accountId), includingFinishedConsumables: true)
        return JSONAPI.json(["transactions": records.map(TransactionRecordJSON.init)])
    }

    @Sendable func accountSubscriptions(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let accountId = try JSONAPI.parameter("accountId", parameters)
        let statuses = try await engine.subscriptionStatuses(bundleId: try await bundleId(request), accountId: accountId)
        return JSONAPI.json(["statuses": statuses.map(SubscriptionStatusJSON.init)])
    }

    /// Every transaction of the app, all accounts, oldest first per account.
    @Sendable func transactions(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let bundleId = try await bundleId(request)
        var records: [TransactionRecord] = []
        for account in try await engine.accounts() {
            records += try await engine.customerTransactions(
                Customer(bundleId: bundleId, accountId: account.id), includingFinishedConsumables: true)
        }
        return JSONAPI.json(["transactions": records.map(TransactionRecordJSON.init)])
    }

    /// One transaction, signed now.
    @Sendable func transaction(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let transactionId = try JSONAPI.parameter("transactionId", parameters)
        return JSONAPI.json(TransactionJSON(try await engine.transaction(transactionId)))
    }
}
