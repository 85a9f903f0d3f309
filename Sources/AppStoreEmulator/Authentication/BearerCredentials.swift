/// The token of an `Authorization: Bearer <token>` header value, read without Foundation: the scheme compared
/// case-insensitively, and the token with the whitespace around it removed (tabs and Unicode space separators,
/// the characters of `CharacterSet.whitespaces`).
enum BearerCredentials {
    /// The token, or `nil` when the value is not `Bearer`, a space and something more.
    static func token(in authorization: String) -> String? {
        guard let space = authorization.utf8.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let scheme = authorization.utf8[..<space]
        guard scheme.count == 6, zip(scheme, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        let rest = authorization[authorization.utf8.index(after: space)...]
        guard let first = rest.utf8.first, let last = rest.utf8.last else { return nil }
        // Printable ASCII at both ends, as a JWT has: nothing to trim.
        if (0x21..<0x7F).contains(first) && (0x21..<0x7F).contains(last) { return String(rest) }
        return String(trimmingWhitespace(rest))
    }

    /// `text` without leading and trailing tabs and Unicode space separators.
    static func trimmingWhitespace(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while start < end, isWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return Substring(scalars[start..<end])
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
}
