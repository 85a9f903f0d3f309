import Foundation
import Testing
import TiendaKit

@Suite struct ProductTests {
    @Test(arguments: BackendKind.both)
    func productsComeWithLocalizedNamesAndStorefrontPrices(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let products = try await Product.products(for: [IDs.monthly, IDs.coins, IDs.lifetime])
            let byID = Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) })
            let monthly = try #require(byID[IDs.monthly])
            #expect(monthly.displayName == "Pro (Monthly)")
            #expect(monthly.price == Decimal(string: "4.99"))
            #expect(monthly.displayPrice == "$4.99")
            #expect(monthly.type == .autoRenewable)
            #expect(byID[IDs.coins]?.type == .consumable)
            #expect(byID[IDs.lifetime]?.type == .nonConsumable)
            #expect(byID[IDs.lifetime]?.isFamilyShareable == true)
            #expect(byID[IDs.lifetime]?.description == "Every Pro feature, forever.")
        }
    }

    @Test(arguments: BackendKind.both)
    func unknownIdentifiersAreLeftOutInsteadOfFailing(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let products = try await Product.products(for: [IDs.monthly, "com.tienda.example.typo"])
            #expect(products.map(\.id) == [IDs.monthly])
            #expect(try await Product.products(for: []).isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func subscriptionsDescribeTheirGroupPeriodAndOffers(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let products = try await Product.products(for: [IDs.monthly, IDs.yearly])
            let monthly = try #require(products.first { $0.id == IDs.monthly }?.subscription)
            let yearly = try #require(products.first { $0.id == IDs.yearly }?.subscription)
            #expect(monthly.subscriptionGroupID == IDs.group)
            #expect(monthly.subscriptionPeriod == .monthly)
            #expect(yearly.subscriptionPeriod == .yearly)
            #expect(monthly.introductoryOffer?.paymentMode == .payAsYouGo)
            #expect(monthly.introductoryOffer?.displayPrice == "$0.99")
            #expect(yearly.introductoryOffer?.paymentMode == .freeTrial)
            #expect(yearly.introductoryOffer?.period == Product.SubscriptionPeriod(value: 2, unit: .week))
            #expect(monthly.promotionalOffers.map(\.id) == ["pro.monthly.half"])
            #expect(yearly.winBackOffers.map(\.id) == ["pro.yearly.winback"])
            #expect(await monthly.isEligibleForIntroOffer)
            #expect(try await monthly.status.isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func theSessionLocaleChangesNamesAndPriceFormatting(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setLocale("es_ES")
        try await store.launch {
            let pass = try #require(try await Product.products(for: [IDs.seasonPass]).first)
            #expect(pass.displayName == "Pase de temporada")
            #expect(pass.displayPrice.contains("14,99"))
        }
    }

    @Test(arguments: BackendKind.both)
    func aSimulatedLoadProductsErrorIsThrownAsAStoreKitError(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setSimulatedError(.generic(.networkError), forAPI: .loadProducts)
        await store.launch {
            await #expect {
                _ = try await Product.products(for: [IDs.monthly])
            } throws: { error in
                guard case StoreKitError.networkError = error else { return false }
                return true
            }
        }
    }

    @Test func productsBuiltInCodeFormatTheirPrice() {
        let product = Product(
            id: "p", type: .nonConsumable, displayName: "P", description: "", price: Decimal(string: "1.5")!,
            currencyCode: "EUR", locale: Locale(identifier: "es_ES"))
        #expect(product.displayPrice.hasPrefix("1,50"))
        #expect(product.displayPrice.hasSuffix("€"))
        #expect(product.subscription == nil)
    }
}
