import Foundation
import StoreHTTP
import StoreModel

/// The JSON bodies of the routes, and the `{"error": {"code", "message"}}` shape of every error.
enum RouteResponses {
    /// JSON with sorted keys and unescaped slashes.
    static func json(_ value: some Encodable, status: HTTPStatus = .ok) throws -> HTTPResponse {
        HTTPResponse.json(try AppleJSON.encoder(sortedKeys: true).encode(value), status: status)
    }

    /// An error body.
    static func error(status: Int, code: String, message: String) -> HTTPResponse {
        let body = ["error": ["code": code, "message": message]]
        let data = (try? AppleJSON.encoder(sortedKeys: true).encode(body)) ?? Data()
        return HTTPResponse.json(data, status: HTTPStatus(code: status))
    }

    /// The router's and server's own errors (404, 405, 413, 503…) in the same shape.
    static func standardError(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        let code =
            switch status.code {
            case 400: "invalid_request"
            case 404: "not_found"
            case 405: "method_not_allowed"
            case 413: "payload_too_large"
            case 503: "unavailable"
            default: "internal_error"
            }
        return error(status: status.code, code: code, message: message)
    }

    /// Decodes a JSON request body.
    static func decode<Body: Decodable>(_ type: Body.Type, from request: HTTPRequest) throws(EntitlementServiceError) -> Body {
        do {
            return try JSONDecoder().decode(type, from: request.body)
        } catch {
            throw .invalidRequest("The body is not the expected JSON: \(error). See docs/ENTITLEMENT_SERVER.md for the route's body.")
        }
    }
}

extension EntitlementServiceError: HTTPResponseError {
    /// The error as `{"error": {"code", "message"}}` with its status.
    public var response: HTTPResponse {
        RouteResponses.error(status: httpStatus, code: code, message: message)
    }
}
