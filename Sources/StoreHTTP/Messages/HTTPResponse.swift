import Foundation

/// An HTTP response: status, header fields and a complete body.
///
/// The server adds `Content-Length` and `Date`; everything else, including `Content-Type`, is what the
/// response carries. The static helpers (``json(_:status:encoder:)``, ``text(_:status:)``, …) set the
/// content type.
public struct HTTPResponse: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body; empty for none.
    public var body: Data

    /// Creates a response.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The `Content-Type` header, if set.
    public var contentType: String? {
        get { headers["Content-Type"] }
        set { headers["Content-Type"] = newValue }
    }
}
