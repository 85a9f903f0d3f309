/// A JSON value, used for JWS header parameters this module does not interpret.
///
/// Numbers keep their literal text so that an unknown header parameter survives a parse → serialise round trip
/// byte for byte.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON literal (for example `"1.5e3"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; JSON objects with duplicate member names are rejected when parsing.
    case object([String: JSONValue])
}
