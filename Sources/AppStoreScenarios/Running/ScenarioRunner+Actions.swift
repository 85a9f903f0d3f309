import Foundation
import AppStoreEngine
import StoreModel

/// Each kind of step as engine operations.
extension ScenarioRunner {
    func perform(_ step: ScenarioStep) async throws(AppStoreEngineError) -> StepEffects {
        let bundleId = scenario.bundleId
        var effects = StepEffects()
        switch step.action {
        case .buy(let purchase):
            effects.accounts = try await family(of: purchase.accountId)
            let result = try await engine.purchase(request(for: purchase))
            if let transaction = result.transaction {
                effects.returned = [transaction]
                effects.returnedTo = purchase.accountId
            } else if let pending = result.pendingPurchase {
                effects.notes.append("\(pending.kind == .askToBuy ? "Ask to Buy request" : "interrupted purchase") waits")
            }
        case .approve(let target):
            effects.accounts = try await family(of: target.accountId)
            try await engine.approveAskToBuy(try await pendingPurchase(target))
        case .decline(let target):
            try await engine.declineAskToBuy(try await pendingPurchase(target))
            effects.notes.append("Ask to Buy request declined")
        case .advance(let duration):
            try await advance(to: duration.added(to: clock.now), step: step)
        case .advanceTo(let instant):
            try await advance(to: instant, step: step)
        case .failBilling(let target, let grace):
            if let grace { try await engine.updateSettings(bundleId: bundleId) { $0.billingGracePeriodEnabled = grace } }
            try await engine.setBillingIssue(originalTransactionId: try await originalTransactionId(target))
            effects.notes.append("the next renewal fails")
        case .resolveBilling(let target):
            try await engine.resolveBillingIssue(originalTransactionId: try await originalTransactionId(target))
        case .autoRenew(let target, let enabled):
            try await engine.setAutoRenew(enabled, originalTransactionId: try await originalTransactionId(target))
        case .changePlan(let target, let productId):
            effects.accounts = try await family(of: target.accountId)
            _ = try await engine.changeRenewalProduct(
                originalTransactionId: try await originalTransactionId(target), to: productId)
        case .refund(let target, let amount, let reason):
            effects.accounts = try await family(of: target.accountId)
            try await engine.refund(transactionId: try await transactionId(target), amount: amount, reason: reason)
        case .requestRefund(let target, let reason):
            try await engine.requestRefund(transactionId: try await transactionId(target), reason: reason)
        case .declineRefund(let target):
            try await engine.declineRefund(transactionId: try await transactionId(target))
        case .reverseRefund(let target):
            effects.accounts = try await family(of: target.accountId)
            try await engine.reverseRefund(transactionId: try await transactionId(target))
        case .consumptionRequest(let target, let reason):
            try await engine.sendConsumptionRequest(transactionId: try await transactionId(target), reason: reason)
        case .familyGroup(let accountId, let group):
            let before = try await family(of: accountId)
            try await engine.setFamilyGroup(group, for: accountId)
            effects.accounts = Array(Set(before + (try await family(of: accountId)))).sorted()
        case .revokeFamily(let memberId, let target):
            effects.accounts = [memberId]
            try await engine.revokeFamilyAccess(memberAccountId: memberId, transactionId: try await transactionId(target))
        case .priceIncrease(let target, let milliunits, let consent):
            try await engine.requestPriceIncrease(
                originalTransactionId: try await originalTransactionId(target), newPriceMilliunits: milliunits,
                requiresConsent: consent)
        case .respondToPriceIncrease(let target, let accepted):
            try await engine.respondToPriceIncrease(
                originalTransactionId: try await originalTransactionId(target), accepted: accepted)
        case .availability(let productId, let forSale):
            try await engine.setProductAvailability(productId, forSale: forSale, bundleId: bundleId)
            effects.notes.append("\(productId) \(forSale ? "is on sale again" : "is no longer for sale")")
        case .extend(let target, let days, let reason):
            _ = try await engine.extendRenewalDate(
                originalTransactionId: try await originalTransactionId(target), days: days, reason: reason,
                requestIdentifier: requestIdentifier(step))
        case .extendAll(let productId, let days, let reason, let storefronts):
            try await engine.extendRenewalDatesForAllSubscribers(
                bundleId: bundleId, productId: productId, days: days, reason: reason,
                requestIdentifier: requestIdentifier(step), storefrontCountryCodes: storefronts)
            try await engine.runDueEvents()
        case .setToken(let target, let token):
            effects.accounts = [target.accountId]
            try await engine.setAppAccountToken(token, originalTransactionId: try await originalTransactionId(target))
        case .expire(let target):
            try await engine.expireSubscription(originalTransactionId: try await originalTransactionId(target))
        case .forceRenew(let target):
            _ = try await engine.forceRenewal(originalTransactionId: try await originalTransactionId(target))
        case .finish(let target):
            let id = try await transactionId(target)
            try await engine.finish(transactionId: id)
            effects.notes.append("transaction \(id) finished")
        case .expect:
            break
        }
        return effects
    }

    /// Moves the clock to `target`; with a progress callback, in up to 100 stages.
    private func advance(to target: Timestamp, step: ScenarioStep) async throws(AppStoreEngineError) {
        let start = clock.now
        let span = target.milliseconds - start.milliseconds
        let stages = onProgress == nil ? 1 : Int(min(100, max(1, span / 86_400_000)))
        for stage in 1...stages {
            let instant = stage == stages ? target : Timestamp(milliseconds: start.milliseconds + span * Int64(stage) / Int64(stages))
            try await engine.advance(to: instant)
            report(stepsDone: step.index, fraction: Double(stage) / Double(stages))
        }
    }

    private func request(for purchase: ScenarioPurchase) -> PurchaseRequest {
        var request = PurchaseRequest(
            bundleId: scenario.bundleId, accountId: purchase.accountId, productId: purchase.productId,
            quantity: purchase.quantity, appAccountToken: purchase.appAccountToken,
            simulatesAskToBuy: purchase.askToBuy, origin: purchase.origin)
        switch purchase.offer {
        case .introductory(let applies): request.introductoryOfferEligibility = applies
        case .promotional(let id): request.offer = .promotionalForTesting(offerID: id)
        case .offerCode(let name): request.offer = .offerCode(referenceName: name)
        case .winBack(let id): request.offer = .winBack(offerID: id)
        case nil: break
        }
        return request
    }

    /// A request identifier for extensions that is the same in every run of the scenario.
    private func requestIdentifier(_ step: ScenarioStep) -> String {
        "\(scenario.name)-step-\(step.index)"
    }
}
