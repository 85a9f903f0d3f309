import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// A failure of the StoreKit-facing and control APIs, answered as
/// `{"error": "<code>", "message": "<what, where, how to fix>", "status": <HTTP status>, "details": {…}?}`.
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
    /// Machine-readable particulars: for `simulatedError`, the StoreKit `api`, the error `type`, its `index` and
    /// (when known) its case `name`, so a client can throw the StoreKit error the settings ask for.
    public let details: [String: String]?

    /// Creates an error.
    public init(status: Int, code: String, message: String, details: [String: String]? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
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
        var details: [String: String]?
        if case .simulatedError(let api, let simulated) = error {
            details = ["api": api.rawValue, "type": simulated.type.rawValue, "index": String(simulated.index)]
            details?["name"] = simulated.inferredCaseName
        }
        self.init(status: status, code: code, message: error.description, details: details)
    }

    public var description: String { "\(status) \(code): \(message)" }

    public var response: HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(Body(error: code, message: message, status: status, details: details))) ?? Data()
        return .json(body, status: HTTPStatus(code: status))
    }

    private struct Body: Encodable {
        let error: String
        let message: String
        let status: Int
        let details: [String: String]?
    }
}
