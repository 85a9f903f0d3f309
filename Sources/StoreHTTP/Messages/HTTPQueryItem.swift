/// One `name=value` pair of a query string, percent-decoded (`+` decodes to a space).
///
/// A piece without `=` (as in `?verbose`) has an empty value.
public struct HTTPQueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value; empty when the piece had no `=`.
    public var value: String

    /// Creates a query item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Parses a raw query string (without `?`), keeping every item in order, repeated names included.
    /// Empty pieces (`a=1&&b=2`) are skipped.
    static func parse(_ query: Substring) throws(HTTPRequestError) -> [HTTPQueryItem] {
        guard !query.isEmpty else { return [] }
        var items: [HTTPQueryItem] = []
        // Split on the bytes `&` and `=`, not on characters: a combining mark after either must not hide it.
        for bytes in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let piece = Substring(bytes)
            let separator = piece.utf8.firstIndex(of: UInt8(ascii: "="))
            let rawName = piece[..<(separator ?? piece.endIndex)]
            let rawValue = separator.map { piece[piece.utf8.index(after: $0)...] } ?? ""
            guard let name = PercentDecoding.decode(rawName, plusIsSpace: true),
                let value = PercentDecoding.decode(rawValue, plusIsSpace: true)
            else { throw .malformedQuery(query) }
            items.append(HTTPQueryItem(name: name, value: value))
        }
        return items
    }
}
