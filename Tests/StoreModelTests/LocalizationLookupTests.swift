import StoreModel
import Testing

/// Choosing a localization: exact locale, then the same language, then the first entry.
@Suite struct LocalizationLookupTests {
    static let entries = ["en_US", "en_GB", "pt_BR", "pt", "ar", "zh_Hans"].map {
        StoreKitLocalization(locale: $0, displayName: "name " + $0, description: "")
    }

    @Test(arguments: [
        ("en_GB", "en_GB"), ("en-gb", "en_GB"), ("EN_us", "en_US"), ("en_AU", "en_US"), ("en", "en_US"),
        ("pt_PT", "pt"), ("pt_BR", "pt_BR"), ("ar_SA", "ar"), ("zh_Hant", "zh_Hans"), ("fr_FR", "en_US"), ("", "en_US"),
    ])
    func picksTheBestEntry(requested: String, chosen: String) {
        #expect(Self.entries.best(for: requested)?.locale == chosen)
    }

    @Test func anEmptyListHasNoLocalization() {
        #expect([StoreKitLocalization]().best(for: "en_US") == nil)
        let product = StoreKitProduct(kind: .consumable, productID: "a")
        #expect(product.displayName(for: "en_US") == nil)
        #expect(product.description(for: "en_US") == nil)
    }
}
