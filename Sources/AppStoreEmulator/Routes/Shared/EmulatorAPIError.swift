import AppStoreEngine
import Foundation
import StoreHTTP

/// A failure of the StoreKit-facing and control APIs, answered as
/// `{"error": "<code>", "message": "<what, where, how to fix>", "status": <HTTP status>}`.
///
/// `code` is a stable machine-readable name: the engine error's case (`productNotFound`, `purchaseNotAllowed`,
/// …) or `badRequest` for a malformed request. Clients branch on `code` and show `message`.
public struct EmulatorAPIError: Error, HTTPResponseError, Hashable, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public let status: Int
    /// The machine-readable error name.
    public let code: String
    /// What went wrong and how to fix it.
    public let message: String

    /// Creates an error.
    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// A malformed request (400 `badRequest`).
    static func badRequest(_ message: String) -> EmulatorAPIError {
        EmulatorAPIError(status: 400, code: "badRequest", message: message)
    }

    /// An engine failure with its HTTP status: 404 for what does not exist, 409 for an operation the current
    /// state does not allow, 500 for storage and signing, 400 otherwise.
    init(_ error: AppStoreEngineError) {
        let (status, code): (Int, String) = switch error {
        case .appNotFound: (404, "appNotFound")
        case .accountNotFound: (404, "accountNotFound")
        case .productNotFound: (404, "productNotFound")
        case .transactionNotFound: (404, "transactionNotFound")
        case .subscriptionNotFound: (404, "subscriptionNotFound")
        case .pendingPurchaseNotFound: (404, "pendingPurchaseNotFound")
        case .extensionRequestNotFound: (404, "extensionRequestNotFound")
        case .notificationNotFound: (404, "notificationNotFound")
        case .invalidQuantity: (400, "invalidQuantity")
        case .productUnavailable: (400, "productUnavailable")
        case .purchaseNotAllowed: (403, "purchaseNotAllowed")
        case .ineligibleForOffer: (400, "ineligibleForOffer")
        case .invalidOfferIdentifier: (400, "invalidOfferIdentifier")
        case .invalidOfferPrice: (400, "invalidOfferPrice")
        case .invalidOfferSignature: (400, "invalidOfferSignature")
        case .missingOfferParameters: (400, "missingOfferParameters")
        case .simulatedError: (400, "simulatedError")
        case .failedTransaction: (400, "failedTransaction")
        case .invalidProductType: (400, "invalidProductType")
        case .invalidAction: (409, "invalidAction")
        case .extensionIneligible: (409, "extensionIneligible")
        case .extensionLimitReached: (409, "extensionLimitReached")
        case .familySharedExtension: (409, "familySharedExtension")
        case .familyTransactionNotSupported: (400, "familyTransactionNotSupported")
        case .invalidExtendByDays: (400, "invalidExtendByDays")
        case .invalidAppAccountToken: (400, "invalidAppAccountToken")
        case .alreadyExists: (409, "alreadyExists")
        case .clockNotControllable: (409, "clockNotControllable")
        case .catalog: (400, "catalog")
        case .storage: (500, "storage")
        case .signing: (500, "signing")
        case .corruptState: (500, "corruptState")
        }
        self.init(status: status, code: code, message: error.description)
    }

    public var description: String { "\(status) \(code): \(message)" }

    public var response: HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(Body(error: code, message: message, status: status))) ?? Data()
        return .json(body, status: HTTPStatus(code: status))
    }

    private struct Body: Encodable {
        let error: String
        let message: String
        let status: Int
    }
}
