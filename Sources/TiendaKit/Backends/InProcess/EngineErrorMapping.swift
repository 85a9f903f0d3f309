import AppStoreEngine
import Foundation
import StoreModel

extension StoreKitError {
    /// The StoreKit error an engine failure surfaces as in the app.
    ///
    /// A simulated `generic` error becomes the `StoreKitError` case at its index (unknown, userCancelled,
    /// networkError, systemError, notAvailableInStorefront, notEntitled, unsupported); anything else is a
    /// system error carrying the engine's description.
    init(_ error: AppStoreEngineError) {
        if case .simulatedError(_, let simulated) = error, let mapped = StoreKitError(simulated: simulated) {
            self = mapped
            return
        }
        switch error {
        case .failedTransaction: self = .unknown
        default: self = .systemError(error)
        }
    }

    /// The StoreKit error a simulated `generic` error stands for.
    init?(simulated: SimulatedStoreKitError) {
        guard simulated.type == .generic else { return nil }
        switch simulated.index {
        case 0: self = .unknown
        case 1: self = .userCancelled
        case 2: self = .networkError(URLError(.notConnectedToInternet))
        case 3: self = .systemError(TestSessionError(.serviceUnavailable, "simulated system error"))
        case 4: self = .notAvailableInStorefront
        case 5: self = .notEntitled
        case 6: self = .unsupported
        default: return nil
        }
    }
}

extension PurchaseFailure {
    /// The purchase failure an engine refusal surfaces as in the app: a `Product.PurchaseError` for the
    /// engine's purchase errors and simulated `purchase` errors, else a `StoreKitError`.
    init(_ error: AppStoreEngineError) {
        if case .simulatedError(_, let simulated) = error, simulated.type == .purchase,
            Product.PurchaseError.allCases.indices.contains(simulated.index)
        {
            self = .purchase(Product.PurchaseError.allCases[simulated.index])
            return
        }
        if let name = error.purchaseErrorName,
            let purchaseError = Product.PurchaseError.allCases.first(where: { "\($0)" == name })
        {
            self = .purchase(purchaseError)
            return
        }
        self = .storeKit(StoreKitError(error))
    }
}
