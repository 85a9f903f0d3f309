import AppStoreEmulator
import Foundation
import StoreCrypto
import StoreModel
import Testing

/// What the responder answers, called directly.
@Suite struct OCSPResponderTests {
    static let authority = makeAuthority(ocspBaseURL: "http://127.0.0.1:1/ocsp")
    static let stranger = makeAuthority(ocspBaseURL: nil)
    let authority = Self.authority
    let now = Timestamp(milliseconds: 1_767_225_600_000)  // 2026-01-01

    private static func makeAuthority(ocspBaseURL: String?) -> CertificateAuthority {
        do {
            return try CertificateAuthority.generate(configuration: .init(ocspBaseURL: ocspBaseURL))
        } catch {
            fatalError("test authority: \(error)")
        }
    }

    private func ask(
        _ responder: OCSPResponder, _ ids: [OCSPCertificateID], nonce: Data? = nil
    ) throws -> OCSPResponse {
        let der = try OCSPRequest(certificateIDs: ids, nonce: nonce).derRepresentation()
        return try OCSPResponse(derRepresentation: responder.response(forDERRequest: der, at: now))
    }

    private func intermediateID(_ algorithm: OCSPHashAlgorithm = .sha256) throws -> OCSPCertificateID {
        try OCSPCertificateID(certificate: authority.intermediate, issuer: authority.root, hashAlgorithm: algorithm)
    }

    private func leafID(_ algorithm: OCSPHashAlgorithm = .sha256) throws -> OCSPCertificateID {
        try OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate, hashAlgorithm: algorithm)
    }

    @Test(arguments: [OCSPHashAlgorithm.sha1, .sha256])
    func theIntermediateIsGoodAndSignedByTheRoot(algorithm: OCSPHashAlgorithm) throws {
        let responder = try OCSPResponder(authority: authority)
        let response = try ask(responder, [try intermediateID(algorithm)])
        let expected = OCSPSingleResponse(
            certificateID: try intermediateID(algorithm), status: .good, thisUpdate: now, nextUpdate: now.adding(.seconds(3600)))
        #expect(response.status == .successful && response.responses == [expected])
        #expect(response.isSigned(by: authority.root) && response.responderKeyHash == authority.root.subjectKeyIdentifier)
        #expect(response.certificates.isEmpty)
    }

    @Test(arguments: [OCSPHashAlgorithm.sha1, .sha256])
    func theLeafIsGoodAndSignedByTheIntermediate(algorithm: OCSPHashAlgorithm) throws {
        let responder = try OCSPResponder(authority: authority, validity: .seconds(600))
        let response = try ask(responder, [try leafID(algorithm)])
        #expect(response.responses.map(\.status) == [.good] && response.responses.first?.nextUpdate == now.adding(.seconds(600)))
        #expect(response.isSigned(by: authority.intermediate) && !response.isSigned(by: authority.root))
    }

    @Test func certificatesItDidNotIssueAreUnknown() throws {
        let responder = try OCSPResponder(authority: authority)
        var strangerSerial = try leafID()
        strangerSerial.serialNumber = Data([0x01, 0x02, 0x03])
        let foreign = try OCSPCertificateID(certificate: Self.stranger.leaf, issuer: Self.stranger.intermediate)
        let response = try ask(responder, [strangerSerial, foreign])
        #expect(response.responses.map(\.status) == [.unknown, .unknown] && response.isSigned(by: authority.intermediate))
    }

    @Test func aRevokedLeafIsReportedUntilReinstated() throws {
        let responder = try OCSPResponder(authority: authority)
        let revokedAt = now.adding(.seconds(-120))
        responder.revoke(.leaf, at: revokedAt, reason: .keyCompromise)
        #expect(responder.revocations == [.leaf: OCSPRevocation(date: revokedAt, reason: .keyCompromise)])
        let revoked = try ask(responder, [try leafID(.sha1)])
        #expect(revoked.responses.map(\.status) == [.revoked(date: revokedAt, reason: .keyCompromise)])
        #expect(try ask(responder, [try intermediateID()]).responses.map(\.status) == [.good])
        responder.reinstate(.leaf)
        #expect(try ask(responder, [try leafID(.sha1)]).responses.map(\.status) == [.good] && responder.revocations.isEmpty)
    }

    @Test func aRevocationDatedLaterThanTheAnswerIsReportedAtThisUpdate() throws {
        let responder = try OCSPResponder(authority: authority)
        responder.revoke(.intermediate, at: now.adding(.seconds(86_400)))
        let response = try ask(responder, [try intermediateID()])
        #expect(response.responses.map(\.status) == [.revoked(date: now, reason: nil)])
    }

    @Test func theNonceIsEchoed() throws {
        let responder = try OCSPResponder(authority: authority)
        let nonce = Data([0x04, 0x08, 1, 2, 3, 4, 5, 6, 7, 8])
        #expect(try ask(responder, [try leafID()], nonce: nonce).nonce == nonce)
        #expect(try ask(responder, [try leafID()]).nonce == nil)
    }

    @Test func aRequestForBothIssuersIsSignedForTheFirstAndUnknownForTheOther() throws {
        let responder = try OCSPResponder(authority: authority)
        let response = try ask(responder, [try intermediateID(), try leafID()])
        #expect(response.responses.map(\.status) == [.good, .unknown] && response.isSigned(by: authority.root))
    }

    @Test func malformedRequestsAndTheTryLaterFaultGetUnsuccessfulStatuses() throws {
        let responder = try OCSPResponder(authority: authority)
        let garbage = try OCSPResponse(derRepresentation: responder.response(forDERRequest: Data("hello".utf8), at: now))
        #expect(garbage.status == .malformedRequest)
        responder.fault = .tryLater
        #expect(try ask(responder, [try leafID()]).status == .tryLater)
        responder.fault = .none
        #expect(try ask(responder, [try leafID()]).status == .successful)
    }

    @Test func delegatedRespondersSignWithTheirOwnCertificateThatChainsToTheIssuer() throws {
        let responder = try OCSPResponder(authority: authority, signingMode: .delegatedResponder)
        let store = try TrustStore(roots: [authority.root])
        for (id, issuer, intermediates) in [
            (try intermediateID(), authority.root, [Certificate]()), (try leafID(), authority.intermediate, [authority.intermediate]),
        ] {
            let response = try ask(responder, [id])
            let signer = try #require(response.certificates.first)
            #expect(response.certificates.count == 1 && response.responses.map(\.status) == [.good])
            #expect(response.isSigned(by: signer) && !response.isSigned(by: issuer))
            #expect(signer.issuer == issuer.subject && signer.hasExtension(oid: "1.3.6.1.5.5.7.48.1.5"))
            let usage = try #require(signer.extensionValue(oid: "2.5.29.37"))
            #expect(usage == Data([0x30, 0x0A, 0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x09]))
            _ = try store.validate(leaf: signer, intermediates: intermediates, at: now, strict: true)
        }
    }

    @Test func theResponderReadsItsOwnClockForThisUpdate() throws {
        let clock = VirtualClock(now: now)
        let responder = try OCSPResponder(authority: authority, clock: clock)
        let der = try OCSPRequest(certificateIDs: [try leafID()]).derRepresentation()
        clock.advance(by: .seconds(90))
        let response = try OCSPResponse(derRepresentation: responder.response(forDERRequest: der))
        #expect(response.responses.first?.thisUpdate == now.adding(.seconds(90)))
    }
}
