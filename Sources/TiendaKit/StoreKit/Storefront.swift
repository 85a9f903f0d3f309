/// The App Store storefront a customer buys in (`Storefront`).
public struct Storefront: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// Apple's storefront identifier, e.g. `143441`.
    public let id: String
    /// The ISO 3166-1 alpha-3 country code, e.g. `USA`.
    public let countryCode: String
    /// The ISO 4217 code of the currency prices are charged in, when known.
    public let currencyCode: String?

    /// Creates a storefront.
    public init(id: String, countryCode: String, currencyCode: String? = nil) {
        self.id = id
        self.countryCode = countryCode
        self.currencyCode = currencyCode
    }

    /// The United States storefront, StoreKit Testing's default.
    public static let unitedStates = Storefront(id: "143441", countryCode: "USA", currencyCode: "USD")

    /// `USA (143441)`.
    public var description: String { "\(countryCode) (\(id))" }
}
