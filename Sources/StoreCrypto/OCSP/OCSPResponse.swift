import COpenSSL
import Foundation
import StoreModel

/// An OCSP response (RFC 6960 §4.2), parsed: its status and, when successful, the signed certificate statuses,
/// nonce, responder and certificates. ``isSigned(by:)`` checks the signature; building one is
/// ``signed(_:nonce:signer:key:includingSignerCertificate:)``.
public struct OCSPResponse: Hashable, Sendable {
    /// The response status; the other properties are empty unless it is ``OCSPResponseStatus/successful``.
    public var status: OCSPResponseStatus
    /// The certificate statuses, in response order.
    public var responses: [OCSPSingleResponse]
    /// The `id-pkix-ocsp-nonce` extension's value, when the responder echoed one.
    public var nonce: Data?
    /// The SHA-1 hash of the responder's public key when the ResponderID is `byKey`.
    public var responderKeyHash: Data?
    /// When the response was signed (whole seconds).
    public var producedAt: Timestamp?
    /// The certificates the response carries (a delegated responder's own certificate, for example).
    public var certificates: [Certificate]
    /// The DER the response was parsed from.
    public let derRepresentation: Data

    /// Parses a DER OCSPResponse.
    /// - Throws: ``OCSPError/malformedResponse(_:)``.
    public init(derRepresentation der: Data) throws(OCSPError) {
        derRepresentation = der
        guard let response = DERBytes.decode(der, free: { OCSP_RESPONSE_free($0) }, { d2i_OCSP_RESPONSE(nil, $0, $1) })
        else { throw .malformedResponse("the bytes are not a DER OCSPResponse") }
        defer { OCSP_RESPONSE_free(response) }
        status = OCSPResponseStatus(rawValue: Int(OCSP_response_status(response)))
        responses = []
        certificates = []
        guard status == .successful else { return }
        guard let basic = OCSP_response_get1_basic(response) else {
            _ = OpenSSLErrorQueue.drain()
            throw .malformedResponse("a successful response without a BasicOCSPResponse")
        }
        defer { OCSP_BASICRESP_free(basic) }
        for index in 0..<max(0, OCSP_resp_count(basic)) {
            responses.append(try Self.singleResponse(OCSP_resp_get0(basic, index)))
        }
        nonce = OCSPExtensions.nonce(at: OCSP_BASICRESP_get_ext_by_NID(basic, NID_id_pkix_OCSP_Nonce, -1)) {
            OCSP_BASICRESP_get_ext(basic, $0)
        }
        var keyHash: UnsafePointer<ASN1_OCTET_STRING>?
        var name: OpaquePointer?
        if OCSP_resp_get0_id(basic, &keyHash, &name) == 1, let keyHash {
            responderKeyHash = Data(bytes: ASN1_STRING_get0_data(keyHash), count: Int(ASN1_STRING_length(keyHash)))
        }
        producedAt = Certificate.timestamp(OCSP_resp_get0_produced_at(basic))
        if let stack = OCSP_resp_get0_certs(basic) {
            for index in 0..<OPENSSL_sk_num(stack) {
                guard let raw = OPENSSL_sk_value(stack, index),
                    let certificateDER = DERBytes.encode({ i2d_X509(OpaquePointer(raw), $0) }),
                    let certificate = try? Certificate(derRepresentation: certificateDER)
                else { throw .malformedResponse("certificate \(index) of the response is unreadable") }
                certificates.append(certificate)
            }
        }
    }

    /// Whether `signer`'s key signed the response and the ResponderID names `signer` (chains are not checked).
    public func isSigned(by signer: Certificate) -> Bool {
        guard status == .successful,
            let response = DERBytes.decode(
                derRepresentation, free: { OCSP_RESPONSE_free($0) }, { d2i_OCSP_RESPONSE(nil, $0, $1) })
        else { return false }
        defer { OCSP_RESPONSE_free(response) }
        guard let basic = OCSP_response_get1_basic(response), let store = X509_STORE_new(),
            let certificates = OPENSSL_sk_new_null()
        else {
            _ = OpenSSLErrorQueue.drain()
            return false
        }
        defer {
            OCSP_BASICRESP_free(basic)
            X509_STORE_free(store)
            OPENSSL_sk_free(certificates)
        }
        _ = OPENSSL_sk_push(certificates, UnsafeRawPointer(signer.pointer))
        // The signer must be the given certificate (NOINTERN); its chain is the caller's business (NOVERIFY).
        let verified = OCSP_basic_verify(basic, certificates, store, UInt(OCSP_NOINTERN | OCSP_NOVERIFY)) == 1
        OpenSSLErrorQueue.clear()
        return verified
    }

    private static func singleResponse(_ single: OpaquePointer?) throws(OCSPError) -> OCSPSingleResponse {
        guard let single, let certificateID = OCSP_SINGLERESP_get0_id(single) else {
            throw .malformedResponse("a SingleResponse lacks its CertID")
        }
        let identifier: OCSPCertificateID
        do {
            identifier = try OCSPCertificateID(reading: certificateID)
        } catch {
            throw .malformedResponse("a SingleResponse's CertID is unreadable")
        }
        var reason: Int32 = -1
        var revocationTime: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        let code = OCSP_single_get0_status(single, &reason, &revocationTime, &thisUpdate, &nextUpdate)
        guard let thisUpdateDate = Certificate.timestamp(thisUpdate) else {
            throw .malformedResponse("a SingleResponse's thisUpdate is unreadable")
        }
        let status: OCSPCertificateStatus
        switch code {
        case V_OCSP_CERTSTATUS_GOOD:
            status = .good
        case V_OCSP_CERTSTATUS_REVOKED:
            guard let date = Certificate.timestamp(revocationTime) else {
                throw .malformedResponse("a revoked status without a readable revocation time")
            }
            status = .revoked(date: date, reason: reason >= 0 ? OCSPRevocationReason(rawValue: Int(reason)) : nil)
        case V_OCSP_CERTSTATUS_UNKNOWN:
            status = .unknown
        default:
            throw .malformedResponse("certificate status \(code) is not one of good, revoked, unknown")
        }
        return OCSPSingleResponse(
            certificateID: identifier, status: status, thisUpdate: thisUpdateDate,
            nextUpdate: nextUpdate.flatMap { Certificate.timestamp($0) })
    }
}
