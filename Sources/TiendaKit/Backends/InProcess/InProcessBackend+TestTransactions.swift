import AppStoreEngine
import Foundation
import StoreModel

extension InProcessBackend {
    /// The account's transactions as the transaction manager lists them: history, then pending requests.
    public func testTransactions() async throws(TestSessionError) -> [TestTransaction] {
        try await control { engine throws(AppStoreEngineError) in
            let history = try await engine.allTransactions(bundleId: bundleID, accountId: accountID)
            let statuses = try await engine.subscriptionStatuses(bundleId: bundleID, accountId: accountID)
            let renewals = Dictionary(
                statuses.map { ($0.originalTransactionId, $0.renewalInfo.payload) }, uniquingKeysWith: { first, _ in first })
            let pending = try await engine.pendingPurchases(bundleId: bundleID, accountId: accountID)
            return history.map { TestTransaction($0.payload, renewal: renewals[$0.payload.originalTransactionId ?? ""]) }
                + pending.map(TestTransaction.init)
        }
    }
}

extension TestTransaction {
    /// A charged transaction, with its subscription's renewal information when it has one.
    init(_ payload: JWSTransactionDecodedPayload, renewal: JWSRenewalInfoDecodedPayload?) {
        let id = payload.transactionId ?? ""
        self.init(
            identifier: id, originalTransactionIdentifier: payload.originalTransactionId ?? id,
            productIdentifier: payload.productId ?? "", state: .purchased,
            purchaseDate: (payload.purchaseDate ?? Timestamp(milliseconds: 0)).date, cancelDate: payload.revocationDate?.date,
            expirationDate: payload.expiresDate?.date, autoRenewingEnabled: renewal?.autoRenewStatus == .on,
            hasPurchaseIssue: renewal?.isInBillingRetryPeriod ?? false,
            isPendingPriceIncreaseConsent: renewal?.priceIncreaseStatus == .customerHasNotResponded)
    }

    /// A purchase waiting for Ask to Buy or for an interrupted purchase to be resolved.
    init(_ pending: PendingPurchase) {
        self.init(
            identifier: pending.id, originalTransactionIdentifier: pending.id, productIdentifier: pending.request.productId,
            state: .deferred, purchaseDate: pending.requestDate.date, hasPurchaseIssue: pending.kind == .interrupted,
            pendingAskToBuyConfirmation: pending.kind == .askToBuy)
    }
}
