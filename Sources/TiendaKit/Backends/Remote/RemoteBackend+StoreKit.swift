import Foundation
import StoreHTTPClient
import StoreModel

/// StoreKit's calls over `/storekit/v1/apps/{bundleId}/accounts/{accountId}`.
extension RemoteBackend {
    /// The products the server sells with these identifiers, described by the local catalog.
    public func products(for identifiers: [String]) async throws(StoreKitError) -> [Product] {
        guard !identifiers.isEmpty else { return [] }
        var components = URLComponents(
            url: server.appendingPathComponent("storekit/v1/apps/\(bundleID)/products"), resolvingAgainstBaseURL: false)
        components?.queryItems = identifiers.map { URLQueryItem(name: "id", value: $0) }
        guard let url = components?.url else { return [] }
        let answer: ProductsAnswer = try await storeKit { backend throws(RemoteBackendError) in try await backend.send(.get, url) }
        let settings: SettingsAnswer = try await storeKit { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.settingsURL)
        }
        return answer.products.compactMap { sold in
            catalog.product(id: sold.id).map { product in
                Product(catalogProduct: product, catalog: catalog, locale: settings.locale, currencyCode: currencyCode)
            }
        }
    }

    /// Buys in the app.
    public func purchase(_ submission: PurchaseSubmission) async throws(PurchaseFailure) -> BackendPurchaseResult {
        let answer: PurchaseAnswer
        do {
            answer = try await send(.post, accountURL("/purchases"), body: PurchaseRequestBody(submission))
        } catch {
            throw PurchaseFailure(error)
        }
        guard answer.result == "success", let transaction = answer.transaction else { return .pending }
        return .purchased(jws: transaction.jws)
    }

    /// `Transaction.currentEntitlements`.
    public func currentEntitlements() async throws(StoreKitError) -> [String] {
        try await transactions(accountURL("/transactions/current"))
    }

    /// `Transaction.all`.
    public func allTransactions(productID: String?) async throws(StoreKitError) -> [String] {
        var url = accountURL("/transactions")
        if let productID, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = [URLQueryItem(name: "productId", value: productID)]
            url = components.url ?? url
        }
        return try await transactions(url)
    }

    /// `Transaction.latest(for:)`; `nil` when the account never bought the product.
    public func latestTransaction(productID: String) async throws(StoreKitError) -> String? {
        do {
            let answer: SignedJWS = try await send(.get, accountURL("/transactions/latest/\(productID)"))
            return answer.jws
        } catch {
            if error.serverCode == "transactionNotFound" { return nil }
            throw StoreKitError(error)
        }
    }

    /// `Transaction.unfinished`.
    public func unfinishedTransactions() async throws(StoreKitError) -> [String] {
        try await transactions(accountURL("/transactions/unfinished"))
    }

    /// The newest position of the account's updates feed, read page by page without waiting.
    public func updatesCursor() async throws(StoreKitError) -> Int64 {
        var cursor: Int64 = 0
        while true {
            let page = try await updatesPage(after: cursor, wait: 0, limit: 1000)
            cursor = page.cursor
            if !page.hasMore { return cursor }
        }
    }

    /// Long-polls the updates feed until it has entries after `cursor`; an empty page when the task is cancelled.
    public func transactionUpdates(after cursor: Int64) async throws(StoreKitError) -> SignedUpdates {
        while !Task.isCancelled {
            let page: UpdatesAnswer
            do {
                page = try await updatesPage(after: cursor, wait: 25, limit: 100)
            } catch {
                if Task.isCancelled { break }
                throw error
            }
            if !page.updates.isEmpty {
                return SignedUpdates(transactions: page.updates.map(\.jws), cursor: page.cursor)
            }
        }
        return SignedUpdates(transactions: [], cursor: cursor)
    }

    /// Marks a transaction finished.
    public func finish(transactionID: String) async throws(StoreKitError) {
        try await storeKit { backend throws(RemoteBackendError) in
            try await backend.perform(
                .post, backend.server.appendingPathComponent("storekit/v1/apps/\(backend.bundleID)/transactions/\(transactionID)/finish"))
        }
    }

    /// `Product.SubscriptionInfo.status(for:)`.
    public func subscriptionStatuses(groupID: String) async throws(StoreKitError) -> [SignedSubscriptionStatus] {
        var url = accountURL("/subscriptions")
        if var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = [URLQueryItem(name: "groupId", value: groupID)]
            url = components.url ?? url
        }
        let answer: StatusesAnswer = try await storeKit { backend throws(RemoteBackendError) in try await backend.send(.get, url) }
        return answer.statuses.map {
            SignedSubscriptionStatus(state: $0.status, transaction: $0.transaction.jws, renewalInfo: $0.renewalInfoJWS)
        }
    }

    /// Whether the account never received an introductory offer in the group.
    public func isEligibleForIntroOffer(groupID: String) async throws(StoreKitError) -> Bool {
        let answer: EligibilityAnswer = try await storeKit { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.accountURL("/eligibility/\(groupID)"))
        }
        return answer.eligible
    }

    /// `AppStore.sync()`.
    public func sync() async throws(StoreKitError) {
        try await storeKit { backend throws(RemoteBackendError) in try await backend.perform(.post, backend.accountURL("/sync")) }
    }

    /// `AppTransaction.shared`.
    public func appTransaction() async throws(StoreKitError) -> String {
        let answer: SignedJWS = try await storeKit { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.accountURL("/app-transaction"))
        }
        return answer.jws
    }

    /// The `Verification` error the server's settings simulate, if any.
    public func simulatedVerificationError() async -> VerificationError? {
        guard let settings: SettingsAnswer = try? await send(.get, settingsURL),
            let simulated = settings.simulatedErrors?["Verification"], simulated.type == "verification"
        else { return nil }
        return VerificationError.allCases.indices.contains(simulated.index) ? VerificationError.allCases[simulated.index] : nil
    }

    /// `GET /control/v1/settings` for this app.
    var settingsURL: URL {
        var components = URLComponents(url: controlURL("/settings"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "bundleId", value: bundleID)]
        return components?.url ?? controlURL("/settings")
    }

    func updatesPage(after cursor: Int64, wait: Int, limit: Int) async throws(StoreKitError) -> UpdatesAnswer {
        var components = URLComponents(url: accountURL("/updates"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "after", value: String(cursor)), URLQueryItem(name: "wait", value: String(wait)),
            URLQueryItem(name: "limit", value: String(limit)),
        ]
        guard let url = components?.url else { throw .unknown }
        return try await storeKit { backend throws(RemoteBackendError) in
            try await backend.send(.get, url, timeout: .seconds(wait + 10))
        }
    }

    func transactions(_ url: URL) async throws(StoreKitError) -> [String] {
        let answer: TransactionsAnswer = try await storeKit { backend throws(RemoteBackendError) in try await backend.send(.get, url) }
        return answer.transactions.map(\.jws)
    }

    /// Runs a call, mapping its failure to StoreKit's vocabulary.
    func storeKit<T>(_ body: (RemoteBackend) async throws(RemoteBackendError) -> T) async throws(StoreKitError) -> T {
        do {
            return try await body(self)
        } catch {
            throw StoreKitError(error)
        }
    }
}

struct SignedJWS: Decodable {
    let jws: String
}

struct TransactionsAnswer: Decodable {
    let transactions: [SignedJWS]
}

struct ProductsAnswer: Decodable {
    struct Sold: Decodable {
        let id: String
    }
    let products: [Sold]
}

struct SettingsAnswer: Decodable {
    let timeRate: Int
    let locale: String
    let storefront: String
    let askToBuyEnabled: Bool
    let interruptedPurchasesEnabled: Bool
    let billingRetryOnRenewalEnabled: Bool
    let billingGracePeriodEnabled: Bool
    let failTransactionsEnabled: Bool
    /// The simulated error per StoreKit API; absent from servers older than this client.
    let simulatedErrors: [String: SimulatedErrorAnswer]?
}

struct SimulatedErrorAnswer: Decodable {
    let type: String
    let index: Int
}

struct PurchaseAnswer: Decodable {
    let result: String
    let transaction: SignedJWS?
}

struct UpdatesAnswer: Decodable {
    let updates: [SignedJWS]
    let cursor: Int64
    let hasMore: Bool
}

struct StatusesAnswer: Decodable {
    struct Status: Decodable {
        let status: Int
        let transaction: SignedJWS
        let renewalInfoJWS: String
    }
    let statuses: [Status]
}

struct EligibilityAnswer: Decodable {
    let eligible: Bool
}

/// `POST …/purchases` and `POST /control/v1/purchases`.
struct PurchaseRequestBody: Encodable {
    struct Offer: Encodable {
        var type: String
        var id: String
        var keyId: String?
        var nonce: UUID?
        var signature: String?
        var timestamp: Int64?
    }
    var accountId: String?
    var bundleId: String?
    var productId: String
    var quantity: Int
    var appAccountToken: UUID?
    var askToBuy: Bool?
    var offer: Offer?

    init(_ submission: PurchaseSubmission, accountId: String? = nil, bundleId: String? = nil) {
        self.accountId = accountId
        self.bundleId = bundleId
        productId = submission.productID
        quantity = submission.quantity
        appAccountToken = submission.appAccountToken
        askToBuy = submission.simulatesAskToBuy
        offer = submission.offer.map { offer in
            switch offer {
            case .promotional(let id, let key, let nonce, let signature, let timestamp):
                Offer(type: "promotional", id: id, keyId: key, nonce: nonce, signature: signature.base64EncodedString(), timestamp: timestamp)
            case .promotionalForTesting(let id): Offer(type: "promotional", id: id)
            case .offerCode(let name): Offer(type: "offerCode", id: name)
            case .winBack(let id): Offer(type: "winBack", id: id)
            }
        }
    }
}
