// Seed 002 ("Desbloqueo de por vida con StoreKit 2 en una app SwiftUI de Swift 6"), ported to TiendaKit as a test
// fixture: the concrete `@Observable` `StoreService`, the `AppModel` that holds it, the `UserDefaults` cache, the
// `@ObservationIgnored nonisolated(unsafe)` listener cancelled in `deinit`, and `lastErrorMessage`.
//
// The seed shows fragments; this assembles them with the seed's names: `purchase()` (its happy path),
// `refreshEntitlements()`, `isPro` cached in the injected `UserDefaults`, and the early return when the
// product had not loaded — the path that set the error and nothing else.
import Foundation
import Observation
import TiendaKit

@MainActor @Observable
final class StoreService {
    static let proProductID = "discoverer.pro.lifetime"
    static let isProKey = "isPro"

    private(set) var isPro: Bool
    private(set) var isProcessing = false
    private(set) var lastErrorMessage: String?
    private(set) var proProduct: Product?

    @ObservationIgnored nonisolated(unsafe)
    private var updatesTask: Task<Void, Never>?
    @ObservationIgnored private let defaults: UserDefaults

    init(defaults: UserDefaults) {
        self.defaults = defaults
        isPro = defaults.bool(forKey: Self.isProKey)
        updatesTask = Task { [weak self] in
            for await update in Transaction.updates {
                guard case .verified(let transaction) = update else { continue }
                await transaction.finish()
                await self?.refreshEntitlements()
            }
        }
    }

    deinit { updatesTask?.cancel() }

    /// The listener, to check that it ends with the service.
    var listener: Task<Void, Never>? { updatesTask }

    func loadProducts() async {
        proProduct = try? await Product.products(for: [Self.proProductID]).first
    }

    func purchase() async {
        guard let product = proProduct else {
            lastErrorMessage = "The Pro upgrade isn't available yet."
            return
        }
        isProcessing = true
        defer { isProcessing = false }
        do {
            let result = try await product.purchase()
            if case .success(let verification) = result,
                case .verified(let transaction) = verification
            {
                await transaction.finish()
                await refreshEntitlements()
            }
        } catch {
            lastErrorMessage = error.localizedDescription
        }
    }

    func refreshEntitlements() async {
        var owned = false
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.productID == Self.proProductID,
                transaction.revocationDate == nil
            {
                owned = true
            }
        }
        isPro = owned
        defaults.set(owned, forKey: Self.isProKey)
    }
}

/// The seed's app-wide model: the store is held as its concrete type so its properties are observed.
@MainActor @Observable
final class AppModel {
    let store: StoreService

    init(store: StoreService) {
        self.store = store
    }
}
