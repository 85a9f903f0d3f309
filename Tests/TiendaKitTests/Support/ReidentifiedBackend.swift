import TiendaKit

/// A backend that forwards everything to another but claims a different identity: another device, another
/// trusted root.
struct ReidentifiedBackend: StoreBackend {
    let base: any StoreBackend
    let identity: BackendIdentity

    init(base: any StoreBackend, change: (inout BackendIdentity) -> Void) {
        self.base = base
        var identity = base.identity
        change(&identity)
        self.identity = identity
    }

    var dialogs: SystemDialogs { base.dialogs }
    func canMakePayments() -> Bool { base.canMakePayments() }
    func products(for identifiers: [String]) async throws(StoreKitError) -> [Product] { try await base.products(for: identifiers) }
    func purchase(_ submission: PurchaseSubmission) async throws(PurchaseFailure) -> BackendPurchaseResult {
        try await base.purchase(submission)
    }
    func currentEntitlements() async throws(StoreKitError) -> [String] { try await base.currentEntitlements() }
    func allTransactions(productID: String?) async throws(StoreKitError) -> [String] {
        try await base.allTransactions(productID: productID)
    }
    func latestTransaction(productID: String) async throws(StoreKitError) -> String? {
        try await base.latestTransaction(productID: productID)
    }
    func unfinishedTransactions() async throws(StoreKitError) -> [String] { try await base.unfinishedTransactions() }
    func updatesCursor() async throws(StoreKitError) -> Int64 { try await base.updatesCursor() }
    func transactionUpdates(after cursor: Int64) async throws(StoreKitError) -> SignedUpdates {
        try await base.transactionUpdates(after: cursor)
    }
    func finish(transactionID: String) async throws(StoreKitError) { try await base.finish(transactionID: transactionID) }
    func subscriptionStatuses(groupID: String) async throws(StoreKitError) -> [SignedSubscriptionStatus] {
        try await base.subscriptionStatuses(groupID: groupID)
    }
    func isEligibleForIntroOffer(groupID: String) async throws(StoreKitError) -> Bool {
        try await base.isEligibleForIntroOffer(groupID: groupID)
    }
    func sync() async throws(StoreKitError) { try await base.sync() }
    func appTransaction() async throws(StoreKitError) -> String { try await base.appTransaction() }
    func simulatedVerificationError() async -> VerificationError? { await base.simulatedVerificationError() }
}
