import Foundation
import Testing
import TiendaKit

@Suite struct PurchaseTests {
    @Test(arguments: BackendKind.both)
    func aPurchaseSucceedsWithAVerifiedTransactionCarryingEveryField(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let token = UUID()
            let product = try #require(try await Product.products(for: [IDs.monthly]).first)
            let result = try await product.purchase(options: [.appAccountToken(token)])
            let transaction = try #require(result.verifiedTransaction)
            #expect(transaction.productID == IDs.monthly)
            #expect(transaction.productType == .autoRenewable)
            #expect(transaction.appBundleID == IDs.bundleID)
            #expect(transaction.subscriptionGroupID == IDs.group)
            #expect(transaction.originalID == transaction.id)
            #expect(transaction.appAccountToken == token)
            #expect(transaction.ownershipType == .purchased)
            #expect(transaction.reason == .purchase)
            #expect(transaction.environment == .sandbox)
            #expect(transaction.storefront.countryCode == "USA")
            #expect(transaction.offer?.type == .introductory)
            #expect(transaction.price == Decimal(string: "0.99"))
            #expect(transaction.currency?.identifier == "USD")
            #expect(try #require(transaction.expirationDate) > transaction.purchaseDate)
            #expect(transaction.revocationDate == nil)
            #expect(transaction.webOrderLineItemID != nil)
            #expect(transaction.deviceVerification.count == 48)
            #expect(!transaction.jsonRepresentation.isEmpty)
            if case .success(let verification) = result {
                #expect(verification.jwsRepresentation.split(separator: ".").count == 3)
                #expect(!verification.payloadData.isEmpty)
            }
        }
    }

    @Test(arguments: BackendKind.both)
    func closingThePaymentSheetIsUserCancelledNotAnError(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        store.backend.dialogs.purchaseResponse = .cancel
        try await store.launch {
            let product = try #require(try await Product.products(for: [IDs.lifetime]).first)
            #expect(try await product.purchase() == .userCancelled)
            #expect(await collect(Transaction.all).isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func askToBuyMakesThePurchasePending(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let product = try #require(try await Product.products(for: [IDs.theme]).first)
            #expect(try await product.purchase(options: [.simulatesAskToBuyInSandbox(true)]) == .pending)
            let requests = try await store.session.allTransactions()
            #expect(requests.map(\.pendingAskToBuyConfirmation) == [true])
            #expect(await collect(Transaction.currentEntitlements).isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func consumablesCanBeBoughtInQuantityAndOthersCannot(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let products = try await Product.products(for: [IDs.coins, IDs.lifetime])
            let coins = try #require(products.first { $0.id == IDs.coins })
            let lifetime = try #require(products.first { $0.id == IDs.lifetime })
            let bought = try #require(try await coins.purchase(options: [.quantity(3)]).verifiedTransaction)
            #expect(bought.purchasedQuantity == 3)
            #expect(bought.price == Decimal(string: "2.97"))
            await #expect(throws: Product.PurchaseError.invalidQuantity) {
                _ = try await lifetime.purchase(options: [.quantity(2)])
            }
            await #expect(throws: Product.PurchaseError.invalidQuantity) {
                _ = try await coins.purchase(options: [.quantity(11)])
            }
        }
    }

    @Test(arguments: BackendKind.both)
    func aCustomerWhoMayNotPayGetsPurchaseNotAllowed(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setCanMakePayments(false)
        try await store.launch {
            #expect(!AppStore.canMakePayments)
            let product = try #require(try await Product.products(for: [IDs.lifetime]).first)
            await #expect(throws: Product.PurchaseError.purchaseNotAllowed) { _ = try await product.purchase() }
        }
    }

    @Test(arguments: BackendKind.both)
    func simulatedPurchaseErrorsSurfaceAsStoreKitWouldThrowThem(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setSimulatedError(.purchase(.ineligibleForOffer), forAPI: .purchase)
        try await store.launch {
            let product = try #require(try await Product.products(for: [IDs.monthly]).first)
            await #expect(throws: Product.PurchaseError.ineligibleForOffer) { _ = try await product.purchase() }
            try await store.session.setSimulatedError(.generic(.userCancelled), forAPI: .purchase)
            #expect(try await product.purchase() == .userCancelled)
            try await store.session.setSimulatedError(nil, forAPI: .purchase)
            #expect(try await product.purchase().verifiedTransaction != nil)
        }
    }

    @Test(arguments: BackendKind.both)
    func promotionalOffersApplyToReturningSubscribersThroughPurchaseOptions(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let products = try await Product.products(for: [IDs.monthly, IDs.yearly])
            let monthly = try #require(products.first { $0.id == IDs.monthly })
            await #expect(throws: Product.PurchaseError.ineligibleForOffer) {
                _ = try await monthly.purchase(options: [.promotionalOffer(id: "pro.monthly.half")])
            }
            _ = try await monthly.purchase()
            try await store.session.expireSubscription(productIdentifier: IDs.monthly)
            let promoted = try #require(
                try await monthly.purchase(options: [.promotionalOffer(id: "pro.monthly.half")]).verifiedTransaction)
            #expect(promoted.offer?.type == .promotional)
            #expect(promoted.offer?.id == "pro.monthly.half")
            #expect(promoted.price == Decimal(string: "2.49"))
            await #expect(throws: Product.PurchaseError.invalidOfferIdentifier) {
                _ = try await monthly.purchase(options: [.promotionalOffer(id: "no.such.offer")])
            }
        }
    }

    @Test(arguments: BackendKind.both)
    func aWrongPromotionalOfferSignatureIsRefused(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let monthly = try #require(try await Product.products(for: [IDs.monthly]).first)
            let option = Product.PurchaseOption.promotionalOffer(
                offerID: "pro.monthly.half", keyID: "9F3C2B1A", nonce: UUID(), signature: Data(repeating: 7, count: 64),
                timestamp: 1_704_067_200_000)
            await #expect(throws: Product.PurchaseError.invalidOfferSignature) { _ = try await monthly.purchase(options: [option]) }
        }
    }
}
