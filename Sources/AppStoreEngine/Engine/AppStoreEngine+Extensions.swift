import Foundation
import StoreModel
import StoreStorage

/// Renewal-date extensions (App Store Server API: Extend a Subscription Renewal Date, Extend Subscription
/// Renewal Dates for All Active Subscribers, Get Status of Subscription Renewal Date Extensions).
extension AppStoreEngine {
    /// Extends one subscription's renewal date by `days` (1–90; at most twice per 365 days): `RENEWAL_EXTENDED`,
    /// and family members follow. Under accelerated time rates the days are compressed.
    /// - Throws: ``AppStoreEngineError/invalidExtendByDays(_:)``, ``AppStoreEngineError/extensionIneligible(originalTransactionId:reason:)``
    ///   (4030004), ``AppStoreEngineError/extensionLimitReached(originalTransactionId:)`` (4030005) or
    ///   ``AppStoreEngineError/familySharedExtension(originalTransactionId:)`` (4030007).
    public func extendRenewalDate(
        originalTransactionId: String, days: Int, reason: ExtendReasonCode = .undeclared,
        requestIdentifier: String = UUID().uuidString.lowercased()
    ) async throws(AppStoreEngineError) -> RenewalExtensionResult {
        guard (1...90).contains(days) else { throw .invalidExtendByDays(days) }
        return try await perform { scope throws(AppStoreEngineError) in
            let record = try scope.chain(originalTransactionId)
            let latest = try scope.payload(record.lifecycle.latestTransactionId)
            let request = RenewalDateExtension(
                days: days, reason: reason, requestIdentifier: requestIdentifier, latestTransaction: latest)
            try scope.handle(.extendRenewalDate(request), on: originalTransactionId)
            let extended = try scope.chain(originalTransactionId).lifecycle
            return RenewalExtensionResult(
                originalTransactionId: originalTransactionId, webOrderLineItemId: extended.latestWebOrderLineItemId,
                success: true, effectiveDate: extended.expiresDate)
        }
    }

    /// Starts extending every active subscriber of a product (optionally only in some storefronts). It runs as
    /// a due task at the current instant: each subscription gets `RENEWAL_EXTENDED` or
    /// `RENEWAL_EXTENSION/FAILURE`, then one `RENEWAL_EXTENSION/SUMMARY` closes the request.
    /// - Returns: The request's status, not yet complete.
    @discardableResult
    public func extendRenewalDatesForAllSubscribers(
        bundleId: String, productId: String, days: Int, reason: ExtendReasonCode = .undeclared,
        requestIdentifier: String = UUID().uuidString.lowercased(), storefrontCountryCodes: [String] = []
    ) async throws(AppStoreEngineError) -> MassExtensionStatus {
        guard (1...90).contains(days) else { throw .invalidExtendByDays(days) }
        return try await perform { scope throws(AppStoreEngineError) in
            let app = try scope.app(bundleId)
            guard app.catalog.subscription(id: productId) != nil else {
                throw .productNotFound(productId: productId, bundleId: bundleId)
            }
            guard try scope.tables.extensionStatus(requestIdentifier) == nil else {
                throw .alreadyExists("Extension request \(requestIdentifier)")
            }
            let status = MassExtensionStatus(
                requestIdentifier: requestIdentifier, bundleId: bundleId, productId: productId,
                storefrontCountryCodes: storefrontCountryCodes, extendByDays: days, extendReasonCode: reason.rawValue,
                requestDate: scope.now, complete: false, completeDate: nil, succeededCount: 0, failedCount: 0)
            try scope.tables.save(status)
            scope.earliestScheduled = min(scope.earliestScheduled ?? scope.now, scope.now)
            try scope.tables.insertTask(
                sequence: EngineCounters.take(&scope.counters.nextTaskSequence), dueAt: scope.now,
                kind: EngineTask.massExtension,
                payload: try StoredJSON.encode(MassExtensionStep(requestIdentifier: requestIdentifier)))
            return status
        }
    }

    /// The status of a renewal-date extension for all subscribers.
    public func massExtensionStatus(requestIdentifier: String) async throws(AppStoreEngineError) -> MassExtensionStatus {
        try await read { tables throws(AppStoreEngineError) in
            guard let status = try tables.extensionStatus(requestIdentifier) else {
                throw .extensionRequestNotFound(requestIdentifier: requestIdentifier)
            }
            return status
        }
    }
}

extension OperationScope {
    /// Runs one step of a mass extension: the next page of ongoing subscribers of the product (after `cursor`)
    /// is extended or gets a failure notification; the next step is scheduled at once, and after the last one
    /// the summary is sent and the status completed.
    func runMassExtension(_ step: MassExtensionStep) throws(AppStoreEngineError) {
        guard var status = try tables.extensionStatus(step.requestIdentifier), !status.complete else { return }
        let app = try app(status.bundleId)
        let storefronts = Set(status.storefrontCountryCodes.map { $0.uppercased() })
        let chains = try tables.chains(
            where: "bundle_id = ? AND product_id = ? AND ownership = ? AND original_transaction_id > ?",
            [.text(status.bundleId), .text(status.productId), .text(InAppOwnershipType.purchased.rawValue),
             .integer(step.afterOriginalTransactionId)],
            limit: environment.massExtensionPageSize)
        for var record in chains where record.lifecycle.state.isOngoing {
            if !storefronts.isEmpty,
                !storefronts.contains(try account(record.lifecycle.accountId).storefront.countryCode)
            {
                continue
            }
            let latest = try payload(record.lifecycle.latestTransactionId)
            let request = RenewalDateExtension(
                days: status.extendByDays, reason: ExtendReasonCode(rawValue: status.extendReasonCode),
                requestIdentifier: step.requestIdentifier, latestTransaction: latest)
            do {
                try handle(.extendRenewalDate(request), on: &record)
                status.succeededCount += 1
            } catch {
                let context = try context(app: app, accountId: record.lifecycle.accountId)
                enqueue(
                    .renewalExtension, .failure, app: app, transaction: try storedTransaction(latest.transactionId ?? ""),
                    renewalInfo: record.lifecycle.renewalInfo(in: context), status: record.lifecycle.state.status)
                status.failedCount += 1
            }
        }
        if chains.count == environment.massExtensionPageSize, let last = chains.last {
            try tables.save(status)
            var next = step
            next.afterOriginalTransactionId = try EngineTables.key(last.lifecycle.originalTransactionId)
            try tables.insertTask(
                sequence: EngineCounters.take(&counters.nextTaskSequence), dueAt: now, kind: EngineTask.massExtension,
                payload: try StoredJSON.encode(next))
            return
        }
        status.complete = true
        status.completeDate = now
        try tables.save(status)
        enqueue(.renewalExtension, .summary, app: app, transaction: nil, summary: Summary(
            environment: app.environment, appAppleId: app.payloadAppAppleId, bundleId: app.bundleId,
            productId: status.productId, requestIdentifier: step.requestIdentifier,
            storefrontCountryCodes: status.storefrontCountryCodes, succeededCount: status.succeededCount,
            failedCount: status.failedCount))
    }
}
