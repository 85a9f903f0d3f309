import Foundation
import StoreHTTP

/// Why a bearer token was refused. The App Store Server API answers every refusal with 401 and an empty body,
/// as Apple does; the reason goes into the `WWW-Authenticate` header (RFC 6750) for whoever debugs the client.
public struct AuthenticationFailure: Error, HTTPResponseError, Equatable, CustomStringConvertible {
    /// What is wrong with the token and how to fix it.
    public let reason: String

    /// A refusal for `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// 401, no body, and the reason in `WWW-Authenticate`.
    public var response: HTTPResponse {
        let quoted = reason.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "'")
        return HTTPResponse(
            status: .unauthorized,
            headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\", error_description=\"\(quoted)\""])
    }

    public var description: String { reason }
}
