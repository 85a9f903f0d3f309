import Foundation
import StoreHTTP
import StoreModel

/// POSTs one notification and classifies what happened as Apple's `sendAttemptResult`.
///
/// | What happened | Result |
/// |---|---|
/// | HTTP 200–206 | `SUCCESS` |
/// | a redirect back to the same URL | `CIRCULAR_REDIRECT` (redirects are never followed) |
/// | any other status, other redirects included | `UNSUCCESSFUL_HTTP_RESPONSE_CODE` |
/// | no response within the timeout | `TIMED_OUT` |
/// | connection refused, unknown host | `SOCKET_ISSUE` |
/// | TLS handshake or certificate failure | `TLS_ISSUE` |
/// | connection closed or reset before a whole response | `PREMATURE_CLOSE` |
/// | something other than HTTP came back | `INVALID_RESPONSE` |
struct DeliveryTransport: Sendable {
    /// The client that sends.
    let client: HTTPClient
    /// How long one POST may take.
    let timeout: Duration

    /// The outcome of one POST.
    struct Outcome: Hashable, Sendable {
        /// Apple's classification.
        var result: SendAttemptResult
        /// The HTTP status, when a response arrived.
        var statusCode: Int?
    }

    /// POSTs `{"signedPayload": "<jws>"}` with `Content-Type: application/json` to `url`.
    func post(signedPayload: String, to url: URL) async -> Outcome {
        let body = Self.body(signedPayload: signedPayload)
        let response: HTTPClientResponse
        do {
            response = try await client.send(
                method: .post, url: url, headers: ["Content-Type": "application/json"], body: body, timeout: timeout)
        } catch {
            return Outcome(result: Self.result(for: error), statusCode: nil)
        }
        let code = response.status.code
        switch code {
        case 200...206:
            return Outcome(result: .success, statusCode: code)
        case 300...399 where Self.isRedirect(response, backTo: url):
            return Outcome(result: .circularRedirect, statusCode: code)
        default:
            return Outcome(result: .unsuccessfulHTTPResponseCode, statusCode: code)
        }
    }

    /// The JSON body Apple sends: one key, the notification's JWS.
    static func body(signedPayload: String) -> Data {
        var text = #"{"signedPayload":""#
        for scalar in signedPayload.unicodeScalars {
            // A compact JWS is base64url and dots; anything else is escaped anyway.
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += #""}"#
        return Data(text.utf8)
    }

    /// Apple's result for a send that got no HTTP response.
    static func result(for error: HTTPClientError) -> SendAttemptResult {
        if error == .timedOut("") { return .timedOut }
        if error == .cannotConnect("") { return .socketIssue }
        if error == .invalidResponse("") { return .invalidResponse }
        let reason = error.reason.lowercased()
        if ["ssl", "tls", "certificate", "secure connection"].contains(where: reason.contains) { return .tlsIssue }
        return .prematureClose
    }

    private static func isRedirect(_ response: HTTPClientResponse, backTo url: URL) -> Bool {
        guard let location = response.headers["Location"], let target = URL(string: location, relativeTo: url) else {
            return false
        }
        return target.absoluteURL.absoluteString == url.absoluteURL.absoluteString
    }
}
