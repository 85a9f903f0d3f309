import COpenSSL
import Foundation
import StoreCrypto
import StoreModel
import Testing

/// OCSP requests and responses (RFC 6960) built and read with StoreCrypto, cross-checked against OpenSSL's own
/// CertID computation.
@Suite struct OCSPMessageTests {
    let authority = TestPKI.authority
    let now = TestPKI.referenceTime

    @Test(arguments: [OCSPHashAlgorithm.sha1, .sha256, .sha384])
    func aCertificateIDIdentifiesOnlyItsCertificateAndIssuer(algorithm: OCSPHashAlgorithm) throws {
        let leafID = try OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate, hashAlgorithm: algorithm)
        #expect(leafID.identifies(authority.leaf, issuedBy: authority.intermediate))
        #expect(!leafID.identifies(authority.intermediate, issuedBy: authority.root))
        #expect(!leafID.identifies(TestPKI.otherAuthority.leaf, issuedBy: TestPKI.otherAuthority.intermediate))
        #expect(!leafID.identifies(authority.leaf, issuedBy: TestPKI.otherAuthority.intermediate))
        #expect(leafID.serialNumber == authority.leaf.serialNumber && leafID.hashAlgorithm == algorithm)
        let intermediateID = try OCSPCertificateID(certificate: authority.intermediate, issuer: authority.root, hashAlgorithm: algorithm)
        #expect(intermediateID.identifies(authority.intermediate, issuedBy: authority.root))
        #expect(intermediateID != leafID)
    }

    @Test func certificateIDsMatchOpenSSLsOwnForApplesRealChain() throws {
        let leaf = try Certificate(derRepresentation: try Fixtures.data("chain/apple-signing-leaf.der"))
        let intermediate = try Certificate(derRepresentation: try Fixtures.data("chain/apple-wwdr-g6.der"))
        for (algorithm, digest) in [(OCSPHashAlgorithm.sha1, EVP_sha1()), (.sha256, EVP_sha256())] {
            let ours = try OCSPRequest(certificateIDs: [
                OCSPCertificateID(certificate: leaf, issuer: intermediate, hashAlgorithm: algorithm)
            ]).derRepresentation()
            #expect(ours == (try Self.openSSLRequest(for: leaf, issuer: intermediate, digest: digest)))
        }
        #expect(leaf.ocspURLs == ["http://ocsp.apple.com/ocsp03-wwdrg602"])
        #expect(intermediate.ocspURLs == ["http://ocsp.apple.com/ocsp03-applerootcag3"])
        #expect(authority.root.ocspURLs.isEmpty)
    }

    @Test func aRequestRoundTripsThroughDERWithItsNonce() throws {
        let nonce = Data([0x04, 0x10] + (1...16).map { UInt8($0) })
        let request = OCSPRequest(
            certificateIDs: [
                try OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate, hashAlgorithm: .sha1),
                try OCSPCertificateID(certificate: authority.intermediate, issuer: authority.root, hashAlgorithm: .sha256),
            ], nonce: nonce)
        let parsed = try OCSPRequest(derRepresentation: try request.derRepresentation())
        #expect(parsed == request && parsed.nonce == nonce)
        #expect(try OCSPRequest(derRepresentation: try OCSPRequest(certificateIDs: request.certificateIDs).derRepresentation()).nonce == nil)
    }

    @Test func malformedAndEmptyRequestsAreRejected() throws {
        #expect(throws: OCSPError.self) { try OCSPRequest(derRepresentation: Data("not DER".utf8)) }
        #expect(throws: OCSPError.self) { try OCSPRequest(derRepresentation: Data()) }
        // OCSPRequest { TBSRequest { requestList: empty } }
        #expect(throws: OCSPError.malformedRequest("the request names no certificate")) {
            try OCSPRequest(derRepresentation: Data([0x30, 0x04, 0x30, 0x02, 0x30, 0x00]))
        }
    }

    @Test func aSignedResponseCarriesEachStatusTheNonceAndTheSignersKeyHash() throws {
        let good = try OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate, hashAlgorithm: .sha1)
        let revoked = try OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate)
        let unknown = try OCSPCertificateID(certificate: TestPKI.otherAuthority.leaf, issuer: authority.intermediate)
        let singles = [
            OCSPSingleResponse(certificateID: good, status: .good, thisUpdate: now, nextUpdate: now.adding(.seconds(3600))),
            OCSPSingleResponse(
                certificateID: revoked, status: .revoked(date: now.adding(.seconds(-60)), reason: .keyCompromise),
                thisUpdate: now, nextUpdate: now.adding(.seconds(3600))),
            OCSPSingleResponse(certificateID: unknown, status: .unknown, thisUpdate: now, nextUpdate: nil),
        ]
        let nonce = Data([0x04, 0x02, 0xCA, 0xFE])
        let der = try OCSPResponse.signed(singles, nonce: nonce, signer: authority.intermediate, key: authority.intermediateKey)
        let response = try OCSPResponse(derRepresentation: der)
        #expect(response.status == .successful && response.responses == singles)
        #expect(response.nonce == nonce && response.certificates.isEmpty)
        #expect(response.responderKeyHash == authority.intermediate.subjectKeyIdentifier)
        #expect(response.isSigned(by: authority.intermediate))
        #expect(!response.isSigned(by: authority.root) && !response.isSigned(by: TestPKI.otherAuthority.intermediate))
        let producedAt = try #require(response.producedAt)
        #expect(abs(producedAt.milliseconds - Timestamp(Date()).milliseconds) < 120_000)
    }

    @Test func theSignersCertificateTravelsInTheResponseWhenAsked() throws {
        let id = try OCSPCertificateID(certificate: authority.intermediate, issuer: authority.root)
        let single = OCSPSingleResponse(certificateID: id, status: .good, thisUpdate: now, nextUpdate: now.adding(.seconds(60)))
        let der = try OCSPResponse.signed(
            [single], nonce: nil, signer: authority.root, key: authority.rootKey, includingSignerCertificate: true)
        let response = try OCSPResponse(derRepresentation: der)
        #expect(response.certificates == [authority.root] && response.nonce == nil && response.isSigned(by: authority.root))
    }

    @Test func aResponseEchoesTheRequestsCertificateIDEncoding() throws {
        let id = try OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate)
        // The same CertID with the SHA-256 AlgorithmIdentifier's parameters absent instead of NULL.
        let certificateID: [UInt8] =
            [0x30, 0x0B, 0x06, 0x09] + [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
            + [0x04, 0x20] + id.issuerNameHash + [0x04, 0x20] + id.issuerKeyHash
            + [0x02, UInt8(id.serialNumber.count)] + id.serialNumber
        let body = Self.sequence(Self.sequence(Self.sequence(Self.sequence(Self.sequence(certificateID)))))
        let request = try OCSPRequest(derRepresentation: Data(body))
        #expect(request.certificateIDs == [id])
        let der = try OCSPResponse.signed(
            [OCSPSingleResponse(certificateID: request.certificateIDs[0], status: .good, thisUpdate: now, nextUpdate: nil)],
            nonce: nil, signer: authority.intermediate, key: authority.intermediateKey)
        #expect(der.range(of: Data(Self.sequence(certificateID))) != nil)
    }

    @Test(arguments: [OCSPResponseStatus.malformedRequest, .internalError, .tryLater, .unauthorized])
    func anUnsuccessfulResponseIsOnlyItsStatus(status: OCSPResponseStatus) throws {
        let response = try OCSPResponse(derRepresentation: OCSPResponse.unsuccessful(status))
        #expect(response.status == status && response.responses.isEmpty && !response.isSigned(by: authority.root))
    }

    /// A DER SEQUENCE (short-form length) around `contents`.
    private static func sequence(_ contents: [UInt8]) -> [UInt8] {
        precondition(contents.count < 128)
        return [0x30, UInt8(contents.count)] + contents
    }

    /// The DER request OpenSSL builds for one certificate with `OCSP_cert_to_id`.
    private static func openSSLRequest(for certificate: Certificate, issuer: Certificate, digest: OpaquePointer?) throws -> Data {
        let subject = try #require(x509(certificate))
        let issuing = try #require(x509(issuer))
        defer {
            X509_free(subject)
            X509_free(issuing)
        }
        let request = try #require(OCSP_REQUEST_new())
        defer { OCSP_REQUEST_free(request) }
        let id = try #require(OCSP_cert_to_id(digest, subject, issuing))
        #expect(OCSP_request_add0_id(request, id) != nil)
        let length = i2d_OCSP_REQUEST(request, nil)
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_OCSP_REQUEST(request, &cursor)
        }
        return Data(bytes)
    }

    private static func x509(_ certificate: Certificate) -> OpaquePointer? {
        certificate.derRepresentation.withUnsafeBytes { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return d2i_X509(nil, &cursor, buffer.count)
        }
    }
}
