import Foundation
import Synchronization
import TiendaKit

/// A backend that forwards everything to another, except what a test changes: the identity it claims
/// (another device, another trusted root), catalog loads that fail a number of times, updates delivered twice,
/// current entitlements that cannot be read.
final class InterposedBackend: StoreBackend {
    let base: any StoreBackend
    let identity: BackendIdentity
    private let failingProductLoads: Mutex<Int>
    private let entitlementsFail: Mutex<Bool>
    let duplicatesUpdates: Bool

    init(
        base: any StoreBackend, failingProductLoads: Int = 0, duplicatesUpdates: Bool = false,
        entitlementsFail: Bool = false, change: (inout BackendIdentity) -> Void = { _ in }
    ) {
        self.base = base
        var identity = base.identity
        change(&identity)
        self.identity = identity
        self.failingProductLoads = Mutex(failingProductLoads)
        self.duplicatesUpdates = duplicatesUpdates
        self.entitlementsFail = Mutex(entitlementsFail)
    }

    /// Makes current entitlements readable again (or not).
    func setEntitlementsFail(_ fail: Bool) { entitlementsFail.withLock { $0 = fail } }

    var dialogs: SystemDialogs { base.dialogs }
    func canMakePayments() -> Bool { base.canMakePayments() }
    func products(for identifiers: [String]) async throws(StoreKitError) -> [Product] {
        let fails = failingProductLoads.withLock { remaining in
            defer { remaining = max(0, remaining - 1) }
            return remaining > 0
        }
        if fails { throw .networkError(URLError(.notConnectedToInternet)) }
        return try await base.products(for: identifiers)
    }
    func purchase(_ submission: PurchaseSubmission) async throws(PurchaseFailure) -> BackendPurchaseResult {
        try await base.purchase(submission)
    }
    func currentEntitlements() async throws(StoreKitError) -> [String] {
        if entitlementsFail.withLock({ $0 }) { throw .networkError(URLError(.timedOut)) }
        return try await base.currentEntitlements()
    }
    func allTransactions(productID: String?) async throws(StoreKitError) -> [String] {
        try await base.allTransactions(productID: productID)
    }
    func latestTransaction(productID: String) async throws(StoreKitError) -> String? {
        try await base.latestTransaction(productID: productID)
    }
    func unfinishedTransactions() async throws(StoreKitError) -> [String] { try await base.unfinishedTransactions() }
    func updatesCursor() async throws(StoreKitError) -> Int64 { try await base.updatesCursor() }
    func transactionUpdates(after cursor: Int64) async throws(StoreKitError) -> SignedUpdates {
        var page = try await base.transactionUpdates(after: cursor)
        if duplicatesUpdates { page.transactions = page.transactions.flatMap { [$0, $0] } }
        return page
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
