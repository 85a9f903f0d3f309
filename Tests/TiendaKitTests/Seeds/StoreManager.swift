// Seed 000 ("Maestría en StoreKit 2"), StoreManager.swift, ported to TiendaKit as a test fixture.
//
// Same shape and logic as the seed. What changed, and why:
// - `import StoreKit` → `import TiendaKit`; `import SwiftUI` dropped; `ObservableObject` + `@Published` →
//   `@Observable` (Combine is not on Linux; the observed properties are the same).
// - `let .success(verification):` → `case let .success(verification):` (the seed's line does not compile).
// - `updateListenerTask` is `@ObservationIgnored nonisolated(unsafe)` and `checkVerified` is `nonisolated`:
//   Swift 6 rejects the seed's `deinit` touching a main-actor property and the detached listener calling a
//   main-actor method synchronously (the fixes seed 002 describes).
// - `print` → `log`, so tests can read what the seed prints; `Task<Void, Error>` → `Task<Void, any Error>`
//   (the package builds with ExistentialAny).
import Foundation
import Observation
import TiendaKit

@MainActor @Observable
final class StoreManager {
    private(set) var products: [Product] = []
    private(set) var purchasedProductIDs = Set<String>()
    var subscriptionGroupStatus: RenewalState?
    private(set) var messages: [String] = []

    @ObservationIgnored nonisolated(unsafe) private var updateListenerTask: Task<Void, any Error>? = nil

    let productIds = [
        "com.tuempresa.app.monthly",
        "com.tuempresa.app.yearly",
        "com.tuempresa.app.lifetime",
    ]

    init() {
        updateListenerTask = listenForTransactions()

        Task {
            await requestProducts()
            await updateCustomerProductStatus()
        }
    }

    deinit {
        updateListenerTask?.cancel()
    }

    func requestProducts() async {
        do {
            let storeProducts = try await Product.products(for: productIds)
            self.products = storeProducts.sorted(by: { $0.price < $1.price })
        } catch {
            log("Failed to fetch products from App Store: \(error)")
        }
    }

    func purchase(_ product: Product) async throws -> Transaction? {
        let result = try await product.purchase()

        switch result {
        case let .success(verification):
            let transaction = try checkVerified(verification)
            await transaction.finish()
            await updateCustomerProductStatus()
            return transaction

        case .userCancelled:
            return nil

        case .pending:
            return nil

        @unknown default:
            return nil
        }
    }

    func updateCustomerProductStatus() async {
        var purchasedIDs = Set<String>()

        for await result in Transaction.currentEntitlements {
            do {
                let transaction = try checkVerified(result)

                if transaction.revocationDate == nil {
                    purchasedIDs.insert(transaction.productID)
                } else {
                    purchasedIDs.remove(transaction.productID)
                }
            } catch {
                log("Failed to verify transaction: \(error)")
            }
        }

        self.purchasedProductIDs = purchasedIDs
    }

    private func listenForTransactions() -> Task<Void, any Error> {
        return Task.detached {
            for await result in Transaction.updates {
                do {
                    let transaction = try self.checkVerified(result)
                    await transaction.finish()
                    await self.updateCustomerProductStatus()
                } catch {
                    await self.log("Transaction failed verification: \(error)")
                }
            }
        }
    }

    nonisolated private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw StoreError.failedVerification
        case .verified(let safe):
            return safe
        }
    }

    /// The seed's `print`.
    func log(_ message: String) {
        messages.append(message)
    }
}

enum StoreError: Error {
    case failedVerification
}

// "Gestión Avanzada de Suscripciones y Renewal States"
extension StoreManager {
    func checkSubscriptionStatus(for product: Product) async {
        guard let subscription = product.subscription else { return }

        do {
            let statuses = try await subscription.status
            for status in statuses {
                switch status.state {
                case .subscribed:
                    log("Suscripción activa y al día.")
                case .expired:
                    log("La suscripción ha expirado.")
                case .inBillingRetryPeriod:
                    log("Error de cobro, en período de reintento.")
                case .inGracePeriod:
                    log("Suscripción en período de gracia.")
                case .revoked:
                    log("Suscripción revocada por Apple o reembolso.")
                @unknown default:
                    break
                }
            }
        } catch {
            log("Error al comprobar el estado de la suscripción: \(error)")
        }
    }
}

// The logic of the seed's StoreView (its SwiftUI body aside): buying sets an error message for the alert, and
// "Restaurar Compras" recomputes the purchased products.
@MainActor @Observable
final class StoreViewModel {
    let storeManager: StoreManager
    private(set) var isPurchasing = false
    private(set) var errorMessage: String?
    private(set) var showingError = false

    init(storeManager: StoreManager) {
        self.storeManager = storeManager
    }

    func buyProduct(_ product: Product) async {
        isPurchasing = true
        do {
            _ = try await storeManager.purchase(product)
        } catch {
            errorMessage = error.localizedDescription
            showingError = true
        }
        isPurchasing = false
    }

    func restorePurchases() async {
        await storeManager.updateCustomerProductStatus()
    }
}
