/// An HTTP request method, spelled as it appears on the wire (`GET`, `POST`, …).
///
/// Methods are case-sensitive (RFC 9110 §9.1); the common ones have names, and any other token is kept as sent.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method token, for example `"GET"`.
    public let rawValue: String

    /// Creates a method from its token.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal such as `"PROPFIND"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The method token.
    public var description: String { rawValue }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: like `GET`, without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: submit data.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: modify part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: describe the communication options.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
}
