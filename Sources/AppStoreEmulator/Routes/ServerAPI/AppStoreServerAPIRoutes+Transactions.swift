import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Get Transaction Info, Get App Transaction Info, Set App Account Token, Finish Transaction, Send Consumption
/// Information (v1 and v2) and Look Up Order ID.
extension AppStoreServerAPIRoutes {
    /// Get Transaction Info from the engine's read cache, on the polling thread: `nil` when the transaction is not
    /// cached (or its cached signature is too old, or the store changed since), for ``transactionInfo(_:_:_:)``.
    func cachedTransactionInfo(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) throws -> HTTPResponse? {
        guard let id = parameters["transactionId"], Self.isNumericIdentifier(id),
            let served = context.engine.cachedServerTransaction(id)
        else { return nil }
        guard served.customer.bundleId == bundleId else { throw ServerAPIError.transactionIdNotFound }
        return .json(transactionInfoBodies.body(for: id, jws: served.signed.jws, write: Self.transactionInfoBody))
    }

    func transactionInfo(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = parameters["transactionId"]
        if let id, Self.isNumericIdentifier(id) {
            var served = context.engine.cachedServerTransaction(id)
            if served == nil { served = try? await context.engine.serverTransaction(id) }
            if let served {
                guard served.customer.bundleId == bundleId else { throw ServerAPIError.transactionIdNotFound }
                return .json(transactionInfoBodies.body(for: id, jws: served.signed.jws, write: Self.transactionInfoBody))
            }
        }
        // Not a transaction the engine can sign: the general path gives Apple's error for it.
        _ = try await customer(id, bundleId: bundleId)
        let signed = try await context.engine.transaction(id ?? "")
        return Self.json(TransactionInfoResponse(signedTransactionInfo: signed.jws))
    }

    func appTransactionInfo(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let customer = try await customer(parameters["transactionId"], bundleId: bundleId)
        guard let signed = try await context.engine.serverAppTransaction(customer) else {
            throw ServerAPIError.appTransactionDoesNotExist
        }
        return Self.json(AppTransactionInfoResponse(signedAppTransactionInfo: signed.jws))
    }

    func setAppAccountToken(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = parameters["originalTransactionId"] ?? ""
        let body = try body(UpdateAppAccountTokenRequest.self, of: request)
        guard let token = body.appAccountTokenUUID else { throw ServerAPIError.invalidAppAccountTokenUUID }
        _ = try await customer(id, bundleId: bundleId, invalid: .invalidOriginalTransactionId)
        let transaction = try await context.engine.signedTransactions([id])[0].payload
        if transaction.inAppOwnershipType == .familyShared { throw ServerAPIError.familyTransactionNotSupported }
        guard transaction.originalTransactionId == id else { throw ServerAPIError.transactionIdNotOriginalTransactionId }
        try await context.engine.setAppAccountToken(token, originalTransactionId: id)
        return .empty(.ok)
    }

    func finishTransaction(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = parameters["transactionId"] ?? ""
        _ = try await customer(id, bundleId: bundleId)
        try await context.engine.finish(transactionId: id)
        return .empty(.ok)
    }

    func sendConsumptionInformation(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = parameters["transactionId"] ?? ""
        let body = try body(ConsumptionRequest.self, of: request)
        try ConsumptionValidation.validate(body)
        _ = try await customer(id, bundleId: bundleId)
        try await context.engine.recordConsumptionInformation(body, transactionId: id)
        return .empty(.accepted)
    }

    func sendConsumptionDataV1(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = parameters["transactionId"] ?? ""
        let body = try body(ConsumptionRequestV1.self, of: request)
        let converted = try ConsumptionValidation.validate(body)
        _ = try await customer(id, bundleId: bundleId)
        try await context.engine.recordConsumptionInformation(converted, transactionId: id)
        return .empty(.accepted)
    }

    func lookUpOrder(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let invalid = OrderLookupResponse(status: .invalid, signedTransactions: [])
        guard let transactionId = OrderIdentifier.transactionId(of: parameters["orderId"] ?? ""),
            let customer = try? await customer(transactionId, bundleId: bundleId)
        else { return Self.json(invalid) }
        let purchased = try await context.engine.customerTransactions(customer, includingFinishedConsumables: true)
            .filter { $0.transactionId == transactionId && $0.payload.inAppOwnershipType != .familyShared }
        guard !purchased.isEmpty else { return Self.json(invalid) }
        let signed = try await context.engine.signedTransactions(purchased.map(\.transactionId))
        return Self.json(OrderLookupResponse(status: .valid, signedTransactions: signed.map(\.jws)))
    }

    /// `{"signedTransactionInfo":"<JWS>"}`, the bytes Apple's encoder writes, without a `JSONEncoder`: a compact
    /// JWS is base64url and dots, which JSON never escapes.
    @Sendable static func transactionInfoBody(jws: String) -> Data {
        var jws = jws
        let isPlain = jws.withUTF8 { bytes in
            bytes.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2D || byte == 0x2E || byte == 0x5F
            }
        }
        guard isPlain else {
            return (try? AppleJSON.encoder().encode(TransactionInfoResponse(signedTransactionInfo: jws))) ?? Data("{}".utf8)
        }
        var body = Data()
        body.reserveCapacity(jws.utf8.count + 28)
        body.append(contentsOf: #"{"signedTransactionInfo":""#.utf8)
        body.append(contentsOf: jws.utf8)
        body.append(contentsOf: #""}"#.utf8)
        return body
    }
}
