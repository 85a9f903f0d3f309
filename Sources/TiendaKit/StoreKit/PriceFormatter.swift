import Foundation

/// Formats prices the way StoreKit's `displayPrice` shows them: the storefront's currency in the customer's
/// locale.
enum PriceFormatter {
    /// The currency format style for a currency and locale.
    static func style(currencyCode: String, locale: Locale) -> Decimal.FormatStyle.Currency {
        Decimal.FormatStyle.Currency(code: currencyCode, locale: locale)
    }

    /// `price` formatted for the currency in the locale: `$4.99`, `4,99 €`, `¥500`.
    static func format(_ price: Decimal, currencyCode: String, locale: Locale) -> String {
        price.formatted(style(currencyCode: currencyCode, locale: locale))
    }
}
