import AppStoreEmulator
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

/// The responder over HTTP: POST and GET (RFC 6960 Appendix A) on a live loopback server.
@Suite struct OCSPRouteTests {
    let authority = OCSPResponderTests.authority
    let client = HTTPClient()

    private func withResponder(
        _ body: (OCSPResponder, URL) async throws -> Void
    ) async throws {
        let responder = try OCSPResponder(authority: authority)
        var router = Router()
        responder.register(on: &router)
        try await withHTTPServer(responder: router) { server in
            try await body(responder, URL(string: "http://127.0.0.1:\(server.port ?? 0)/ocsp")!)
        }
    }

    private func leafRequest() throws -> Data {
        try OCSPRequest(certificateIDs: [OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate)])
            .derRepresentation()
    }

    @Test func postAnswersWithASignedResponse() async throws {
        try await withResponder { _, base in
            for issuer in ["root", "intermediate"] {
                let reply = try await client.send(
                    method: .post, url: base.appendingPathComponent(issuer),
                    headers: ["Content-Type": OCSPResponder.requestContentType], body: try leafRequest())
                #expect(reply.status == .ok && reply.headers["Content-Type"] == OCSPResponder.responseContentType)
                let response = try OCSPResponse(derRepresentation: reply.body)
                #expect(response.responses.map(\.status) == [.good] && response.isSigned(by: authority.intermediate))
            }
        }
    }

    @Test func getTakesTheURLEncodedBase64OfTheRequest() async throws {
        try await withResponder { _, base in
            let request = try leafRequest()
            let encoded = request.base64EncodedString()
                .replacingOccurrences(of: "/", with: "%2F").replacingOccurrences(of: "+", with: "%2B")
            let unpadded = encoded.replacingOccurrences(of: "=", with: "")
            for path in [encoded, unpadded, encoded.replacingOccurrences(of: "=", with: "%3D")] {
                let url = URL(string: base.absoluteString + "/intermediate/" + path)!
                let reply = try await client.send(url: url)
                #expect(reply.status == .ok)
                #expect(try OCSPResponse(derRepresentation: reply.body).responses.map(\.status) == [.good])
            }
            let garbage = try await client.send(url: URL(string: base.absoluteString + "/root/bm90LWRlcg")!)
            #expect(try OCSPResponse(derRepresentation: garbage.body).status == .malformedRequest)
        }
    }

    @Test func theUnavailableFaultAnswers503AndOtherPathsAreNotFound() async throws {
        try await withResponder { responder, base in
            responder.fault = .unavailable
            let down = try await client.send(method: .post, url: base.appendingPathComponent("root"), body: try leafRequest())
            #expect(down.status == .serviceUnavailable)
            responder.fault = .none
            let other = try await client.send(method: .post, url: base.appendingPathComponent("leaf"), body: try leafRequest())
            #expect(other.status == .notFound)
        }
    }
}
