import AppStoreEngine
import Foundation
import StoreModel

extension InProcessBackend {
    /// Buys in the app; a purchase made here comes back in the result, not through `Transaction.updates`.
    public func purchase(_ submission: PurchaseSubmission) async throws(PurchaseFailure) -> BackendPurchaseResult {
        defer { changes.fire() }
        let result: PurchaseResult
        do {
            result = try await engine.purchase(request(for: submission, origin: .app))
        } catch {
            throw PurchaseFailure(error)
        }
        switch result {
        case .success(let transaction): return .purchased(jws: transaction.jws)
        case .pending: return .pending
        }
    }

    /// Marks a transaction finished.
    public func finish(transactionID: String) async throws(StoreKitError) {
        try await operation { engine throws(AppStoreEngineError) in try await engine.finish(transactionId: transactionID) }
    }

    /// Refreshes nothing locally (the engine is the truth) after checking the simulated `App Store Sync` error.
    public func sync() async throws(StoreKitError) {
        _ = try await operation { engine throws(AppStoreEngineError) in
            try await engine.sync(bundleId: bundleID, accountId: accountID).count
        }
    }

    /// The engine's request for a submission.
    func request(for submission: PurchaseSubmission, origin: PurchaseOrigin) -> PurchaseRequest {
        PurchaseRequest(
            bundleId: bundleID, accountId: accountID, productId: submission.productID, quantity: submission.quantity,
            appAccountToken: submission.appAccountToken, offer: submission.offer.map(PurchaseOffer.init),
            simulatesAskToBuy: submission.simulatesAskToBuy, origin: origin)
    }
}

extension PurchaseOffer {
    /// The engine's offer for a submitted one.
    init(_ offer: PurchaseSubmission.Offer) {
        switch offer {
        case .promotional(let id, let key, let nonce, let signature, let timestamp):
            self = .promotional(
                offerID: id, keyID: key, nonce: nonce, signature: signature, timestamp: Timestamp(milliseconds: timestamp))
        case .promotionalForTesting(let id): self = .promotionalForTesting(offerID: id)
        case .offerCode(let name): self = .offerCode(referenceName: name)
        case .winBack(let id): self = .winBack(offerID: id)
        }
    }
}
