import Foundation
import StoreHTTPClient
import StoreModel

/// `SKTestSession`'s controls over `/control/v1`.
extension RemoteBackend: StoreTestControls {
    /// The app's settings with the session's overrides.
    public func testSettings() async throws(TestSessionError) -> TestSettings {
        let settings: SettingsAnswer = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.settingsURL)
        }
        return TestSettings(
            timeRate: TimeRate(rawValue: settings.timeRate), locale: settings.locale, storefront: settings.storefront,
            askToBuyEnabled: settings.askToBuyEnabled, interruptedPurchasesEnabled: settings.interruptedPurchasesEnabled,
            billingRetryOnRenewalEnabled: settings.billingRetryOnRenewalEnabled,
            billingGracePeriodEnabled: settings.billingGracePeriodEnabled,
            failTransactionsEnabled: settings.failTransactionsEnabled, disableDialogs: false)
    }

    /// `PATCH /control/v1/settings`.
    public func updateTestSettings(_ change: TestSettingsChange) async throws(TestSessionError) {
        let body = SettingsChangeBody(
            bundleId: bundleID, timeRate: change.timeRate?.rawValue, locale: change.locale, storefront: change.storefront,
            askToBuyEnabled: change.askToBuyEnabled, interruptedPurchasesEnabled: change.interruptedPurchasesEnabled,
            billingRetryOnRenewalEnabled: change.billingRetryOnRenewalEnabled,
            billingGracePeriodEnabled: change.billingGracePeriodEnabled,
            failTransactionsEnabled: change.failTransactionsEnabled, disableDialogs: change.disableDialogs)
        try await control { backend throws(RemoteBackendError) in try await backend.perform(.patch, backend.controlURL("/settings"), body: body) }
    }

    /// `POST /control/v1/simulated-errors`.
    public func setSimulatedError(_ error: SimulatedError?, for api: FailableStoreKitAPI) async throws(TestSessionError) {
        let body = SimulatedErrorBody(
            bundleId: bundleID, api: api.name, type: error?.typeAndIndex.type, index: error?.typeAndIndex.index)
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/simulated-errors"), body: body)
        }
    }

    /// The simulated error of an API, from `GET /control/v1/settings`.
    public func simulatedError(for api: FailableStoreKitAPI) async throws(TestSessionError) -> SimulatedError? {
        let settings: SettingsAnswer = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.settingsURL)
        }
        guard let simulated = settings.simulatedErrors?[api.name] else { return nil }
        return SimulatedError(type: simulated.type, index: simulated.index)
    }

    /// `POST /control/v1/reset` keeping the transactions: drops every override and simulated error.
    public func resetToDefaultState() async throws(TestSessionError) {
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/reset"), body: ResetBody(bundleId: backend.bundleID, transactions: false))
        }
    }

    /// `POST /control/v1/purchases`: a purchase outside the app.
    public func buyProduct(_ submission: PurchaseSubmission) async throws(TestSessionError) -> String {
        let answer: PurchaseAnswer = try await control { backend throws(RemoteBackendError) in
            try await backend.send(
                .post, backend.controlURL("/purchases"),
                body: PurchaseRequestBody(submission, accountId: backend.accountID, bundleId: backend.bundleID))
        }
        guard let transaction = answer.transaction else {
            throw TestSessionError(.invalidAction, "The purchase of \(submission.productID) is waiting for approval.")
        }
        return transaction.jws
    }

    /// `POST /control/v1/offer-codes/redeem`.
    public func redeemOfferCode(referenceName: String, productID: String) async throws(TestSessionError) -> String {
        let body = OfferCodeBody(bundleId: bundleID, accountId: accountID, productId: productID, referenceName: referenceName)
        let answer: SignedJWS = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.post, backend.controlURL("/offer-codes/redeem"), body: body)
        }
        return answer.jws
    }

    /// `POST /control/v1/subscriptions/{id}/expire`.
    public func expireSubscription(productID: String) async throws(TestSessionError) {
        let original = try await subscription(of: productID)
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/subscriptions/\(original)/expire"))
        }
    }

    /// `POST /control/v1/subscriptions/{id}/renew`; the renewal transaction.
    public func forceRenewal(productID: String) async throws(TestSessionError) -> String {
        let original = try await subscription(of: productID)
        let status: ControlStatus = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.post, backend.controlURL("/subscriptions/\(original)/renew"))
        }
        return status.transaction.jws
    }

    /// `POST /control/v1/transactions/{id}/refund`.
    public func refund(transactionID: String) async throws(TestSessionError) {
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/transactions/\(transactionID)/refund"))
        }
    }

    /// `POST /control/v1/pending/{id}/approve`.
    public func approveAskToBuy(requestID: String) async throws(TestSessionError) -> String {
        let answer: SignedJWS = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.post, backend.controlURL("/pending/\(requestID)/approve"))
        }
        return answer.jws
    }

    /// `POST /control/v1/pending/{id}/decline`.
    public func declineAskToBuy(requestID: String) async throws(TestSessionError) {
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/pending/\(requestID)/decline"))
        }
    }

    /// Resolves a pending interrupted purchase, or else the billing issue of the transaction's subscription.
    public func resolveIssue(identifier: String) async throws(TestSessionError) {
        if try await pendingPurchases().contains(where: { $0.id == identifier }) {
            try await control { backend throws(RemoteBackendError) in
                try await backend.perform(.post, backend.controlURL("/pending/\(identifier)/resolve"))
            }
            return
        }
        let original = try await originalTransactionID(of: identifier)
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/subscriptions/\(original)/billing-resolution"))
        }
    }

    /// `POST /control/v1/subscriptions/{id}/billing-failure` (or `billing-resolution`).
    public func setBillingIssue(_ failing: Bool, transactionID: String) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        let path = failing ? "billing-failure" : "billing-resolution"
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/subscriptions/\(original)/\(path)"))
        }
    }

    /// `POST /control/v1/subscriptions/{id}/auto-renew`.
    public func setAutoRenew(_ enabled: Bool, transactionID: String) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/subscriptions/\(original)/auto-renew"), body: ["enabled": enabled])
        }
    }

    /// `POST /control/v1/subscriptions/{id}/price-increase`; by default 20 % above the renewal price.
    public func requestPriceIncrease(transactionID: String, newPrice: Decimal?) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        let status: ControlStatus = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.controlURL("/subscriptions/\(original)"))
        }
        let current = status.renewalInfo.renewalPrice ?? 0
        let milliunits = newPrice.map(Milliunits.from) ?? (current * 12 / 10)
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(
                .post, backend.controlURL("/subscriptions/\(original)/price-increase"), body: ["priceMilliunits": milliunits])
        }
    }

    /// `POST /control/v1/subscriptions/{id}/price-increase/response`.
    public func respondToPriceIncrease(transactionID: String, accepted: Bool) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(
                .post, backend.controlURL("/subscriptions/\(original)/price-increase/response"), body: ["accepted": accepted])
        }
    }

    /// `POST /control/v1/clear`.
    public func clearTransactions() async throws(TestSessionError) {
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/clear"), body: ["bundleId": backend.bundleID])
        }
    }

    /// `DELETE /control/v1/transactions/{id}`.
    public func deleteTransaction(transactionID: String) async throws(TestSessionError) {
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.delete, backend.controlURL("/transactions/\(transactionID)"))
        }
    }

    /// The account's transactions (with their subscriptions' renewal state) and pending purchases.
    public func testTransactions() async throws(TestSessionError) -> [TestTransaction] {
        let history: DecodedTransactions = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.accountURL("/transactions"))
        }
        let statuses: ControlStatuses = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.accountURL("/subscriptions"))
        }
        let renewals = Dictionary(
            statuses.statuses.map { ($0.originalTransactionId, $0.renewalInfo) }, uniquingKeysWith: { first, _ in first })
        let pending = try await pendingPurchases()
        return history.transactions.map { TestTransaction($0.transaction, renewal: renewals[$0.transaction.originalTransactionId ?? ""]) }
            + pending.map { pending in
                TestTransaction(
                    identifier: pending.id, originalTransactionIdentifier: pending.id, productIdentifier: pending.productId,
                    state: .deferred, purchaseDate: Timestamp(milliseconds: pending.requestDate).date,
                    hasPurchaseIssue: pending.kind == "interrupted", pendingAskToBuyConfirmation: pending.kind == "askToBuy")
            }
    }

    /// `POST /control/v1/clock/advance`.
    public func advance(by duration: Duration) async throws(TestSessionError) {
        guard let step = Self.clockStep(duration) else { return }
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.post, backend.controlURL("/clock/advance"), body: ["by": step])
        }
    }

    /// A duration as the clock route's step, in days, hours, minutes and seconds (`31d`, `1d12h30s`), rounded
    /// up to whole seconds; `nil` for no time at all.
    static func clockStep(_ duration: Duration) -> String? {
        var seconds = duration.components.seconds + (duration.components.attoseconds > 0 ? 1 : 0)
        var step = ""
        for (unit, length) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60), ("s", 1)] where seconds >= length {
            step += "\(seconds / length)\(unit)"
            seconds %= length
        }
        return step.isEmpty ? nil : step
    }

    /// `PUT /control/v1/accounts/{id}/app-transaction`.
    public func setOriginalAppVersion(_ version: String) async throws(TestSessionError) {
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(
                .put, backend.controlURL("/accounts/\(backend.accountID)/app-transaction"),
                body: ["bundleId": backend.bundleID, "originalApplicationVersion": version])
        }
    }

    /// `PATCH /control/v1/accounts/{id}`.
    public func setCanMakePayments(_ allowed: Bool) async throws(TestSessionError) {
        try await control { backend throws(RemoteBackendError) in
            try await backend.perform(.patch, backend.controlURL("/accounts/\(backend.accountID)"), body: ["canMakePayments": allowed])
        }
        setPaymentsAllowed(allowed)
    }

    func pendingPurchases() async throws(TestSessionError) -> [PendingAnswer] {
        var components = URLComponents(url: controlURL("/pending"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "bundleId", value: bundleID), URLQueryItem(name: "accountId", value: accountID)]
        let url = components?.url ?? controlURL("/pending")
        let answer: PendingList = try await control { backend throws(RemoteBackendError) in try await backend.send(.get, url) }
        return answer.pending
    }

    /// The original transaction of a transaction.
    func originalTransactionID(of transactionID: String) async throws(TestSessionError) -> String {
        let answer: DecodedTransaction = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.controlURL("/transactions/\(transactionID)"))
        }
        return answer.transaction.originalTransactionId ?? transactionID
    }

    /// The original transaction of the account's purchased subscription to a product.
    func subscription(of productID: String) async throws(TestSessionError) -> String {
        let statuses: ControlStatuses = try await control { backend throws(RemoteBackendError) in
            try await backend.send(.get, backend.accountURL("/subscriptions"))
        }
        let match = statuses.statuses.first { status in
            status.transaction.transaction.inAppOwnershipType != .familyShared
                && (status.transaction.transaction.productId == productID || status.renewalInfo.productId == productID)
        }
        guard let match else {
            throw TestSessionError(.noSubscriptionFound, "Account \(accountID) has no subscription to \(productID).")
        }
        return match.originalTransactionId
    }

    /// Runs a control call, mapping its failure to the test vocabulary.
    func control<T>(_ body: (RemoteBackend) async throws(RemoteBackendError) -> T) async throws(TestSessionError) -> T {
        do {
            return try await body(self)
        } catch {
            throw TestSessionError(error)
        }
    }
}

struct SettingsChangeBody: Encodable {
    var bundleId: String
    var timeRate: Int?
    var locale: String?
    var storefront: String?
    var askToBuyEnabled: Bool?
    var interruptedPurchasesEnabled: Bool?
    var billingRetryOnRenewalEnabled: Bool?
    var billingGracePeriodEnabled: Bool?
    var failTransactionsEnabled: Bool?
    var disableDialogs: Bool?
}

struct SimulatedErrorBody: Encodable {
    var bundleId: String
    var api: String
    var type: String?
    var index: Int?
}

struct ResetBody: Encodable {
    var bundleId: String
    var transactions: Bool
}

struct OfferCodeBody: Encodable {
    var bundleId: String
    var accountId: String
    var productId: String
    var referenceName: String
}

struct DecodedTransaction: Decodable {
    let jws: String
    let transaction: JWSTransactionDecodedPayload
}

struct DecodedTransactions: Decodable {
    let transactions: [DecodedTransaction]
}

struct ControlStatus: Decodable {
    let originalTransactionId: String
    let transaction: DecodedTransaction
    let renewalInfo: JWSRenewalInfoDecodedPayload
}

struct ControlStatuses: Decodable {
    let statuses: [ControlStatus]
}

struct PendingAnswer: Decodable {
    let id: String
    let kind: String
    let productId: String
    let requestDate: Int64
}

struct PendingList: Decodable {
    let pending: [PendingAnswer]
}
