/// An App Store storefront: the country a customer buys in, Apple's numeric storefront ID, and the currency
/// prices are charged in. A `.storekit` file's `displayPrice` is read in the storefront's currency.
///
/// ```swift
/// let spain = Storefront.known("ESP")   // ESP, 143454, EUR
/// ```
public struct Storefront: Hashable, Sendable, Codable, CustomStringConvertible {
    /// ISO 3166-1 alpha-3 country code (`storefront` in signed transactions), e.g. `USA`.
    public var countryCode: String
    /// Apple's storefront identifier (`storefrontId`), e.g. `143441`.
    public var id: String
    /// ISO 4217 currency code prices are charged in (`currency`), e.g. `USD`.
    public var currency: String

    /// Creates a storefront.
    public init(countryCode: String, id: String, currency: String) {
        self.countryCode = countryCode
        self.id = id
        self.currency = currency
    }

    /// `USA`, the default storefront of StoreKit Testing.
    public static let unitedStates = Storefront(countryCode: "USA", id: "143441", currency: "USD")

    /// The storefront for a country code from ``table`` (case-insensitive), or `nil` for a country not in it.
    public static func known(_ countryCode: String) -> Storefront? {
        let code = countryCode.uppercased()
        return table.first { $0.countryCode == code }
    }

    /// `countryCode (id, currency)`.
    public var description: String { "\(countryCode) (\(id), \(currency))" }

    /// Common storefronts with Apple's IDs and the currency each charges in.
    public static let table: [Storefront] = [
        Storefront(countryCode: "USA", id: "143441", currency: "USD"),
        Storefront(countryCode: "FRA", id: "143442", currency: "EUR"),
        Storefront(countryCode: "DEU", id: "143443", currency: "EUR"),
        Storefront(countryCode: "GBR", id: "143444", currency: "GBP"),
        Storefront(countryCode: "AUT", id: "143445", currency: "EUR"),
        Storefront(countryCode: "BEL", id: "143446", currency: "EUR"),
        Storefront(countryCode: "FIN", id: "143447", currency: "EUR"),
        Storefront(countryCode: "GRC", id: "143448", currency: "EUR"),
        Storefront(countryCode: "IRL", id: "143449", currency: "EUR"),
        Storefront(countryCode: "ITA", id: "143450", currency: "EUR"),
        Storefront(countryCode: "LUX", id: "143451", currency: "EUR"),
        Storefront(countryCode: "NLD", id: "143452", currency: "EUR"),
        Storefront(countryCode: "PRT", id: "143453", currency: "EUR"),
        Storefront(countryCode: "ESP", id: "143454", currency: "EUR"),
        Storefront(countryCode: "CAN", id: "143455", currency: "CAD"),
        Storefront(countryCode: "SWE", id: "143456", currency: "SEK"),
        Storefront(countryCode: "NOR", id: "143457", currency: "NOK"),
        Storefront(countryCode: "DNK", id: "143458", currency: "DKK"),
        Storefront(countryCode: "CHE", id: "143459", currency: "CHF"),
        Storefront(countryCode: "AUS", id: "143460", currency: "AUD"),
        Storefront(countryCode: "NZL", id: "143461", currency: "NZD"),
        Storefront(countryCode: "JPN", id: "143462", currency: "JPY"),
        Storefront(countryCode: "HKG", id: "143463", currency: "HKD"),
        Storefront(countryCode: "SGP", id: "143464", currency: "SGD"),
        Storefront(countryCode: "CHN", id: "143465", currency: "CNY"),
        Storefront(countryCode: "KOR", id: "143466", currency: "KRW"),
        Storefront(countryCode: "IND", id: "143467", currency: "INR"),
        Storefront(countryCode: "MEX", id: "143468", currency: "MXN"),
        Storefront(countryCode: "TWN", id: "143470", currency: "TWD"),
        Storefront(countryCode: "ZAF", id: "143472", currency: "ZAR"),
        Storefront(countryCode: "POL", id: "143478", currency: "PLN"),
        Storefront(countryCode: "SAU", id: "143479", currency: "SAR"),
        Storefront(countryCode: "TUR", id: "143480", currency: "TRY"),
        Storefront(countryCode: "ARE", id: "143481", currency: "AED"),
        Storefront(countryCode: "CHL", id: "143483", currency: "CLP"),
        Storefront(countryCode: "ISR", id: "143491", currency: "ILS"),
        Storefront(countryCode: "COL", id: "143501", currency: "COP"),
        Storefront(countryCode: "BRA", id: "143503", currency: "BRL"),
        Storefront(countryCode: "ARG", id: "143505", currency: "ARS"),
    ]
}
