import AppStoreEngine
import StoreHTTP
import StoreModel

/// Get All Subscription Statuses, Extend a Subscription Renewal Date, Extend Subscription Renewal Dates for All
/// Active Subscribers, and Get Status of Subscription Renewal Date Extensions.
extension AppStoreServerAPIRoutes {
    func subscriptionStatuses(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        var wanted: Set<Status>?
        let values = request.queryValues("status")
        if !values.isEmpty {
            let statuses = values.map { Int32($0).map(Status.init(rawValue:)) }
            guard statuses.allSatisfy({ $0?.isKnown == true }) else { throw ServerAPIError.invalidStatus }
            wanted = Set(statuses.compactMap { $0 })
        }
        let customer = try await customer(parameters["transactionId"], bundleId: bundleId)
        let app = try await app(bundleId)
        var groups: [(String, [LastTransactionsItem])] = []
        for status in try await context.engine.serverSubscriptionStatuses(customer) {
            let code = status.state.status
            if let wanted, !wanted.contains(code) { continue }
            let group = status.transaction.payload.subscriptionGroupIdentifier ?? ""
            let item = LastTransactionsItem(
                status: code, originalTransactionId: status.originalTransactionId,
                signedTransactionInfo: status.transaction.jws, signedRenewalInfo: status.renewalInfo.jws)
            if let index = groups.firstIndex(where: { $0.0 == group }) {
                groups[index].1.append(item)
            } else {
                groups.append((group, [item]))
            }
        }
        return Self.json(StatusResponse(
            environment: app.environment, bundleId: bundleId, appAppleId: app.payloadAppAppleId,
            data: groups.map { SubscriptionGroupIdentifierItem(subscriptionGroupIdentifier: $0.0, lastTransactions: $0.1) }))
    }

    func extendRenewalDate(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = parameters["originalTransactionId"] ?? ""
        let body = try body(ExtendRenewalDateRequest.self, of: request)
        let (days, reason, requestIdentifier) = try Self.validateExtension(
            days: body.extendByDays, reason: body.extendReasonCode, requestIdentifier: body.requestIdentifier)
        _ = try await customer(
            id, bundleId: bundleId, invalid: .invalidOriginalTransactionId, notFound: .originalTransactionIdNotFound)
        let result: RenewalExtensionResult
        do throws(AppStoreEngineError) {
            result = try await context.engine.extendRenewalDate(
                originalTransactionId: id, days: days, reason: reason, requestIdentifier: requestIdentifier)
        } catch {
            switch error {
            case .subscriptionNotFound, .invalidProductType:
                throw ServerAPIError.originalTransactionIdNotFound.detailed("\(id) is not the original transaction of a subscription.")
            default: throw error
            }
        }
        return Self.json(ExtendRenewalDateResponse(
            originalTransactionId: result.originalTransactionId, webOrderLineItemId: result.webOrderLineItemId,
            success: result.success, effectiveDate: result.effectiveDate))
    }

    func extendAllRenewalDates(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let body = try body(MassExtendRenewalDateRequest.self, of: request)
        let (days, reason, requestIdentifier) = try Self.validateExtension(
            days: body.extendByDays, reason: body.extendReasonCode, requestIdentifier: body.requestIdentifier)
        let app = try await app(bundleId)
        guard let productId = body.productId, app.catalog.subscription(id: productId) != nil else {
            throw ServerAPIError.invalidProductId.detailed("productId must name an auto-renewable subscription of \(bundleId).")
        }
        let codes = body.storefrontCountryCodes
        if let codes, codes.isEmpty { throw ServerAPIError.invalidEmptyStorefrontCountryCodeList }
        if let codes, !codes.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isUppercase) }) {
            throw ServerAPIError.invalidStorefrontCountryCode
        }
        let status = try await context.engine.extendRenewalDatesForAllSubscribers(
            bundleId: bundleId, productId: productId, days: days, reason: reason, requestIdentifier: requestIdentifier,
            storefrontCountryCodes: codes ?? [])
        return Self.json(MassExtendRenewalDateResponse(requestIdentifier: status.requestIdentifier))
    }

    func massExtensionStatus(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let requestIdentifier = parameters["requestIdentifier"] ?? ""
        let status: MassExtensionStatus
        do throws(AppStoreEngineError) {
            status = try await context.engine.massExtensionStatus(requestIdentifier: requestIdentifier)
        } catch {
            guard case .extensionRequestNotFound = error else { throw error }
            throw ServerAPIError.statusRequestNotFound
        }
        guard status.bundleId == bundleId, status.productId == parameters["productId"] else {
            throw ServerAPIError.statusRequestNotFound
        }
        return Self.json(MassExtendRenewalDateStatusResponse(
            requestIdentifier: status.requestIdentifier, complete: status.complete, completeDate: status.completeDate,
            succeededCount: status.succeededCount, failedCount: status.failedCount))
    }

    /// Apple's checks on an extension request: 1–90 days, a known reason code, a request identifier of at most
    /// 128 characters.
    static func validateExtension(
        days: Int32?, reason: ExtendReasonCode?, requestIdentifier: String?
    ) throws(ServerAPIError) -> (Int, ExtendReasonCode, String) {
        guard let days, (1...90).contains(days) else { throw ServerAPIError.invalidExtendByDays }
        guard let reason, reason.isKnown else { throw ServerAPIError.invalidExtendReasonCode }
        guard let requestIdentifier, (1...128).contains(requestIdentifier.count) else {
            throw ServerAPIError.invalidRequestIdentifier
        }
        return (Int(days), reason, requestIdentifier)
    }
}
