import Foundation

extension HTTPResponse {
    /// A JSON response: `value` encoded with `encoder`, and `Content-Type: application/json` exactly
    /// (no `charset`, which Apple's App Store Server client rejects).
    ///
    /// - Throws: The `EncodingError` from `encoder`.
    public static func json(
        _ value: some Encodable, status: HTTPStatus = .ok, encoder: JSONEncoder = JSONEncoder()
    ) throws(EncodingError) -> HTTPResponse {
        let body: Data
        do {
            body = try encoder.encode(value)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
        return json(body, status: status)
    }

    /// A JSON response with an already encoded body and `Content-Type: application/json` exactly.
    public static func json(_ body: Data, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": MediaType.json], body: body)
    }

    /// A plain-text response (`text/plain; charset=utf-8`).
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": MediaType.plainText], body: Data(text.utf8))
    }

    /// An HTML response (`text/html; charset=utf-8`).
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": MediaType.html], body: Data(html.utf8))
    }

    /// An SVG image response (`image/svg+xml`).
    public static func svg(_ svg: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": MediaType.svg], body: Data(svg.utf8))
    }

    /// A response with any body and content type, for example `application/ocsp-response`.
    public static func binary(_ body: Data, contentType: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: body)
    }

    /// A response without a body or content type, for example `.empty(.noContent)`.
    public static func empty(_ status: HTTPStatus) -> HTTPResponse {
        HTTPResponse(status: status)
    }

    /// The JSON error body the server and router use by default:
    /// `{"error":"Not Found","message":"…","status":404}`.
    public static func error(_ status: HTTPStatus, message: String) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = ErrorBody(error: status.reasonPhrase, message: message, status: status.code)
        // Encoding two strings and an integer cannot fail.
        return json((try? encoder.encode(body)) ?? Data(), status: status)
    }
}

/// The fields of ``HTTPResponse/error(_:message:)``.
private struct ErrorBody: Encodable {
    let error: String
    let message: String
    let status: Int
}

/// The content types the response helpers set.
enum MediaType {
    static let json = "application/json"
    static let plainText = "text/plain; charset=utf-8"
    static let html = "text/html; charset=utf-8"
    static let svg = "image/svg+xml"
}
