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

    /// Creates a request, decoding `target` into ``path`` and ``queryItems``.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: The request-target in origin form (`/path?query`), percent-encoded.
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - remoteAddress: The client's IP address, if known.
    /// - Throws: ``HTTPRequestError`` when `target` is not in origin form or has malformed percent-encoding.
    public init(
        method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: Data = Data(), remoteAddress: String? = nil
    ) throws(HTTPRequestError) {
        guard target.utf8.first == UInt8(ascii: "/") else { throw .unsupportedTarget(target) }
        let rawPath = Self.rawPath(of: target)
        guard let path = PercentDecoding.decode(rawPath, plusIsSpace: false) else { throw .malformedPath(rawPath) }
        self.method = method
        self.target = target
        self.path = path
        self.queryItems = try HTTPQueryItem.parse(Self.rawQuery(of: target))
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The path as sent, still percent-encoded (the request-target up to `?`).
    public var rawPath: Substring { Self.rawPath(of: target) }

    /// The query string as sent, without `?`; empty when there is none.
    public var query: String { String(Self.rawQuery(of: target)) }

    /// The first value of the query item named `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Every value of the query items named `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    private static func rawPath(of target: String) -> Substring {
        target[..<(target.firstIndex(of: "?") ?? target.endIndex)]
    }

    private static func rawQuery(of target: String) -> Substring {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return target[target.index(after: mark)...]
    }
}
