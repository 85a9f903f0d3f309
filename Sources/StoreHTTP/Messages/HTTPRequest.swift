import Foundation

/// An HTTP request as a handler sees it: method, request-target (raw and decoded), headers, body and peer.
public struct HTTPRequest: Sendable {
    /// The request method.
    public let method: HTTPMethod
    /// The request-target exactly as sent, for example `/inApps/v1/history/1%202?revision=a&revision=b`.
    public let target: String
    /// The percent-decoded path, for example `/inApps/v1/history/1 2`.
    public let path: String
    /// The decoded query items in the order sent, repeated names included.
    public let queryItems: [HTTPQueryItem]
    /// The header fields; names compare case-insensitively.
    public var headers: HTTPHeaders
    /// The complete body; empty when there was none.
    public var body: Data
    /// The client's IP address as text (`127.0.0.1`, `::1`), when known.
    public let remoteAddress: String?

    /// The request-target from the path on (origin form); differs from ``target`` only for absolute form.
    private let originForm: Substring
    /// The path as sent, still percent-encoded (the request-target up to `?`).
    public let rawPath: Substring

    /// Creates a request, decoding `target` into ``path`` and ``queryItems``.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: The request-target, percent-encoded: origin form (`/path?query`) or absolute form
    ///     (`http://host/path?query`, whose scheme and authority are ignored).
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - remoteAddress: The client's IP address, if known.
    /// - Throws: ``HTTPRequestError`` when `target` is in neither form or has malformed percent-encoding.
    public init(
        method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: Data = Data(), remoteAddress: String? = nil
    ) throws(HTTPRequestError) {
        let originForm = try Self.originForm(of: target)
        let rawPath = Self.rawPath(of: originForm)
        guard let path = PercentDecoding.decode(rawPath, plusIsSpace: false) else { throw .malformedPath(rawPath) }
        self.method = method
        self.target = target
        self.originForm = originForm
        self.rawPath = rawPath
        self.path = path
        self.queryItems = try HTTPQueryItem.parse(Self.rawQuery(of: originForm))
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The query string as sent, without `?`; empty when there is none.
    public var query: String { String(Self.rawQuery(of: originForm)) }

    /// The first value of the query item named `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Every value of the query items named `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    private static func originForm(of target: String) throws(HTTPRequestError) -> Substring {
        if target.utf8.first == UInt8(ascii: "/") { return target[...] }
        let lowercased = target.lowercased()
        guard lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://"),
            let authorityStart = target.range(of: "://")?.upperBound
        else { throw .unsupportedTarget(target) }
        let afterAuthority = target[authorityStart...].firstIndex { $0 == "/" || $0 == "?" } ?? target.endIndex
        let rest = target[afterAuthority...]
        return rest.first == "/" ? rest : Substring("/" + rest)
    }

    // The `?` is searched among the UTF-8 bytes, not the characters: a request-target is ASCII on the wire, and
    // character iteration (grapheme breaking) would cost more than the rest of the request's parsing.

    private static func rawPath(of originForm: Substring) -> Substring {
        originForm[..<(originForm.utf8.firstIndex(of: UInt8(ascii: "?")) ?? originForm.endIndex)]
    }

    private static func rawQuery(of originForm: Substring) -> Substring {
        guard let mark = originForm.utf8.firstIndex(of: UInt8(ascii: "?")) else { return "" }
        return originForm[originForm.utf8.index(after: mark)...]
    }
}
