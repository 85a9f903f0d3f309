import Foundation
import StoreCrypto
import StoreModel
import Synchronization

/// The OCSP responder (RFC 6960) for the emulator's certificate chain, so that verifiers with online checks on,
/// such as Apple's `SignedDataVerifier(enable_online_checks=True)`, accept what the emulator signs.
///
/// It answers for the authority's intermediate (signed with the root's key) and leaf (signed with the
/// intermediate's key), or through delegated responders (``OCSPSigningMode``): `good` for the certificates it
/// issued, `revoked` for those ``revoke(_:at:reason:)`` named, `unknown` for anything else. Each answer is valid
/// from now for ``validity`` and echoes the request's nonce; SHA-1 and SHA-256 CertIDs both work.
///
/// **Real time.** Apple's Python library compares `thisUpdate` and `nextUpdate` with the *real* current time
/// (±60 s), whatever clock the emulator's subscriptions follow, so the responder reads the ``SystemClock`` by
/// default. Give it the engine's clock only if that clock is the wall clock.
///
/// ```swift
/// let responder = OCSPResponder(authority: engine.certificateAuthority)
/// responder.register(on: &router)   // POST /ocsp/root, POST /ocsp/intermediate, GET /ocsp/<issuer>/<base64>
/// ```
public final class OCSPResponder: Sendable {
    /// The authority whose certificates the responder answers for.
    public let authority: CertificateAuthority
    /// How long each answer is valid: `nextUpdate − thisUpdate`.
    public let validity: Duration
    /// Who signs the answers.
    public let signingMode: OCSPSigningMode
    /// The clock that gives `thisUpdate` (real time by default).
    public let clock: any StoreClock
    let signers: [OCSPResponderSubject: OCSPSigner]
    let state = Mutex(State())

    /// What changes at run time: revocations and the simulated fault.
    struct State {
        var revocations: [OCSPResponderSubject: OCSPRevocation] = [:]
        var fault = OCSPResponderFault.none
    }

    /// Creates a responder.
    /// - Parameters:
    ///   - authority: The authority whose intermediate and leaf it answers for.
    ///   - signingMode: Issuer keys (the default) or delegated responder certificates.
    ///   - validity: `nextUpdate − thisUpdate`; one hour by default.
    ///   - clock: Where `thisUpdate` comes from; the wall clock by default (see the type's discussion).
    /// - Throws: ``OCSPResponderError`` when a delegated responder certificate cannot be minted.
    public init(
        authority: CertificateAuthority, signingMode: OCSPSigningMode = .issuer, validity: Duration = .seconds(3600),
        clock: any StoreClock = SystemClock()
    ) throws(OCSPResponderError) {
        self.authority = authority
        self.signingMode = signingMode
        self.validity = validity
        self.clock = clock
        switch signingMode {
        case .issuer:
            signers = [
                .intermediate: OCSPSigner(issuer: authority.root, certificate: authority.root, key: authority.rootKey),
                .leaf: OCSPSigner(issuer: authority.intermediate, certificate: authority.intermediate, key: authority.intermediateKey),
            ]
        case .delegatedResponder:
            do {
                let forIntermediate = try OCSPDelegatedResponder.mint(for: authority.root, issuerKey: authority.rootKey)
                let forLeaf = try OCSPDelegatedResponder.mint(for: authority.intermediate, issuerKey: authority.intermediateKey)
                signers = [
                    .intermediate: OCSPSigner(issuer: authority.root, certificate: forIntermediate.certificate, key: forIntermediate.key),
                    .leaf: OCSPSigner(issuer: authority.intermediate, certificate: forLeaf.certificate, key: forLeaf.key),
                ]
            } catch {
                throw OCSPResponderError.delegatedResponderUnavailable(String(describing: error))
            }
        }
    }

    /// The DER OCSPResponse to a DER OCSPRequest, at the responder clock's now.
    public func response(forDERRequest request: Data) -> Data {
        response(forDERRequest: request, at: clock.now)
    }

    /// The DER OCSPResponse to a DER OCSPRequest, with `thisUpdate` = `instant`.
    ///
    /// A request that does not parse gets `malformedRequest`; the ``OCSPResponderFault/tryLater`` fault gets
    /// `tryLater`. Otherwise the response is signed by the signer for the first certificate's issuer: certificates
    /// it issued are `good` or `revoked`, every other one `unknown`.
    public func response(forDERRequest der: Data, at instant: Timestamp) -> Data {
        let request: OCSPRequest
        do {
            request = try OCSPRequest(derRepresentation: der)
        } catch {
            return OCSPResponse.unsuccessful(.malformedRequest)
        }
        let current = state.withLock { $0 }
        if current.fault == .tryLater { return OCSPResponse.unsuccessful(.tryLater) }
        let subjects = request.certificateIDs.map(subject(identifiedBy:))
        let signer = subjects.lazy.compactMap { $0 }.first.flatMap { signers[$0] } ?? signers[.leaf]!
        let nextUpdate = instant.adding(validity)
        let answers = zip(request.certificateIDs, subjects).map { identifier, subject in
            var status = OCSPCertificateStatus.unknown
            if let subject, signers[subject]?.issuer == signer.issuer {
                status = current.revocations[subject].map { .revoked(date: min($0.date, instant), reason: $0.reason) } ?? .good
            }
            return OCSPSingleResponse(certificateID: identifier, status: status, thisUpdate: instant, nextUpdate: nextUpdate)
        }
        do {
            return try OCSPResponse.signed(
                answers, nonce: request.nonce, signer: signer.certificate, key: signer.key,
                includingSignerCertificate: signer.certificate != signer.issuer)
        } catch {
            return OCSPResponse.unsuccessful(.internalError)
        }
    }

    /// Which of the authority's certificates a CertID names, if any.
    private func subject(identifiedBy identifier: OCSPCertificateID) -> OCSPResponderSubject? {
        if identifier.identifies(authority.intermediate, issuedBy: authority.root) { return .intermediate }
        if identifier.identifies(authority.leaf, issuedBy: authority.intermediate) { return .leaf }
        return nil
    }
}
