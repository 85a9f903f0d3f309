import Foundation
import StoreModel

/// Why the remote backend could not do what was asked.
public enum RemoteBackendError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `.storekit` file could not be read.
    case catalog(file: String, reason: String)
    /// No HTTP answer came from the server.
    case unreachable(url: String, reason: String)
    /// The server refused: its status, error code, message and details (`details` names a simulated error).
    case server(status: Int, code: String, message: String, details: [String: String])
    /// The server's answer is not the JSON expected.
    case malformedAnswer(url: String, reason: String)

    public var description: String {
        switch self {
        case .catalog(let file, let reason):
            "Cannot read the catalog \(file): \(reason). Pass the .storekit file the server was started with."
        case .unreachable(let url, let reason):
            "No answer from \(url): \(reason). Is `tienda serve` running there?"
        case .server(let status, let code, let message, _):
            "The emulator answered \(status) \(code): \(message)"
        case .malformedAnswer(let url, let reason):
            "Unexpected answer from \(url): \(reason). Are the server and TiendaKit the same version?"
        }
    }

    /// The simulated StoreKit error the server reports (`details.type` and `details.index`), if any.
    var simulated: (type: String, index: Int)? {
        guard case .server(_, "simulatedError", _, let details) = self, let type = details["type"],
            let index = details["index"].flatMap(Int.init)
        else { return nil }
        return (type, index)
    }

    /// The server's error code, if it answered.
    var serverCode: String? {
        if case .server(_, let code, _, _) = self { return code }
        return nil
    }
}

extension StoreKitError {
    /// The StoreKit error a remote failure surfaces as: a simulated `generic` error as its case, a failed
    /// transaction as `unknown`, an unreachable server as a network error, anything else as a system error.
    init(_ error: RemoteBackendError) {
        if let simulated = error.simulated, simulated.type == "generic",
            let mapped = StoreKitError(simulated: .init(type: .generic, index: simulated.index))
        {
            self = mapped
            return
        }
        switch error {
        case .unreachable: self = .networkError(URLError(.cannotConnectToHost))
        case .server(_, "failedTransaction", _, _): self = .unknown
        default: self = .systemError(error)
        }
    }
}

extension PurchaseFailure {
    /// The purchase failure a remote refusal surfaces as, by the same rules as an in-process one.
    init(_ error: RemoteBackendError) {
        if let simulated = error.simulated, simulated.type == "purchase",
            Product.PurchaseError.allCases.indices.contains(simulated.index)
        {
            self = .purchase(Product.PurchaseError.allCases[simulated.index])
            return
        }
        if let code = error.serverCode, let purchaseError = Product.PurchaseError.allCases.first(where: { "\($0)" == code }) {
            self = .purchase(purchaseError)
            return
        }
        self = .storeKit(StoreKitError(error))
    }
}

extension TestSessionError {
    /// The test error for a remote failure, by the `SKTestError` the server's error code stands for.
    init(_ error: RemoteBackendError) {
        let code: Code = switch error.serverCode {
        case "productNotFound", "productUnavailable": .invalidProductIdentifier
        case "transactionNotFound", "pendingPurchaseNotFound": .noTransactionFound
        case "subscriptionNotFound": .noSubscriptionFound
        case "invalidProductType": .invalidProductType
        case "invalidAction": .invalidAction
        case "clockNotControllable": .unsupported
        default: .serviceUnavailable
        }
        self.init(code, error.description)
    }
}
