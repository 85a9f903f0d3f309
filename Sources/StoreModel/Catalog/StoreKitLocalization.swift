import Foundation

/// The name and description of a product or subscription group in one locale (`localizations[]`).
public struct StoreKitLocalization: Hashable, Sendable {
    /// The locale identifier as written, with underscores: `en_US`, `es_ES`, `pt_BR`, `ar`.
    public var locale: String
    /// The display name (may be empty).
    public var displayName: String
    /// The description (may be empty).
    public var description: String

    /// Creates a localization.
    public init(locale: String, displayName: String, description: String) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }

    /// The language part of a locale identifier, lowercased: `en` for `en_US` or `en-GB`.
    static func language(of locale: String) -> String {
        normalized(locale).split(separator: "_").first.map(String.init) ?? ""
    }

    /// A locale identifier lowercased with `-` read as `_`.
    static func normalized(_ locale: String) -> String {
        locale.replacingOccurrences(of: "-", with: "_").lowercased()
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitLocalization {
        StoreKitLocalization(
            locale: try object.string("locale") ?? "",
            displayName: try object.string("displayName") ?? "",
            description: try object.string("description") ?? "")
    }
}

extension Array where Element == StoreKitLocalization {
    /// The best entry for `locale`: an exact match (ignoring case and `-`/`_`), else an entry in the same
    /// language (one without a region first, so `pt` beats `pt_BR` for `pt_PT`), else the first entry.
    /// `nil` only when the list is empty.
    public func best(for locale: String) -> StoreKitLocalization? {
        let wanted = StoreKitLocalization.normalized(locale)
        if let exact = first(where: { StoreKitLocalization.normalized($0.locale) == wanted }) { return exact }
        let language = StoreKitLocalization.language(of: locale)
        let sameLanguage = filter { StoreKitLocalization.language(of: $0.locale) == language }
        return sameLanguage.first(where: { !$0.locale.contains("_") && !$0.locale.contains("-") })
            ?? sameLanguage.first ?? first
    }
}
