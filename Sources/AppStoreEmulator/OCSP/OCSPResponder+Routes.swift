import Foundation
import StoreCrypto
import StoreHTTP

/// The responder over HTTP (RFC 6960 Appendix A).
extension OCSPResponder {
    /// The media type of OCSP requests.
    public static let requestContentType = "application/ocsp-request"
    /// The media type of OCSP responses.
    public static let responseContentType = "application/ocsp-response"

    /// Registers the responder's routes under `/ocsp`, matching a ``CertificateAuthority`` whose `ocspBaseURL` is
    /// `http://host:port/ocsp` (see ``register(on:at:)``).
    public func register(on router: inout Router) {
        register(on: &router, at: "/ocsp")
    }

    /// Registers the responder's routes under `prefix`:
    /// - `POST <prefix>/root` and `POST <prefix>/intermediate`: the DER request is the body;
    /// - `GET <prefix>/root/<request>` and `GET <prefix>/intermediate/<request>`: the request is the base64 of the
    ///   DER, URL-encoded (`/` as `%2F`, `+` as `%2B` or left as is).
    ///
    /// Both paths answer for every certificate of the chain; the issuer segment only mirrors the AIA URLs. Each
    /// answer is HTTP 200 with `Content-Type: application/ocsp-response` (also for malformed requests, which get
    /// the OCSP status `malformedRequest`), or 503 while the ``OCSPResponderFault/unavailable`` fault is on.
    public func register(on router: inout Router, at prefix: String) {
        for issuer in ["root", "intermediate"] {
            router.post("\(prefix)/\(issuer)", .synchronous { [self] request, _ in httpResponse(forDERRequest: request.body) })
            router.get("\(prefix)/\(issuer)/{request}", .synchronous { [self] _, parameters in
                guard let encoded = parameters["request"], let der = Data(base64Encoded: Self.padded(encoded)) else {
                    return httpResponse(forDERRequest: Data())
                }
                return httpResponse(forDERRequest: der)
            })
        }
    }

    /// The HTTP response to a DER OCSP request at the responder clock's now.
    public func httpResponse(forDERRequest der: Data) -> HTTPResponse {
        if fault == .unavailable {
            return .error(.serviceUnavailable, message: "The OCSP responder is simulating an outage (fault \"unavailable\").")
        }
        return .binary(response(forDERRequest: der), contentType: Self.responseContentType)
    }

    /// Base64 with its padding restored (some clients drop it from GET URLs).
    private static func padded(_ text: String) -> String {
        let remainder = text.utf8.count % 4
        return remainder == 0 ? text : text + String(repeating: "=", count: 4 - remainder)
    }
}
