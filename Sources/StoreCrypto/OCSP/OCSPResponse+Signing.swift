import COpenSSL
import Foundation
import StoreModel

extension OCSPResponse {
    /// A successful OCSPResponse (DER) with `responses`, signed by `key` (ecdsa-with-SHA256).
    ///
    /// The ResponderID is `byKey` (the SHA-1 hash of the signer's public key): Apple's Python library finds the
    /// signer only that way (it compares a `byName` ResponderID to a string and never matches). `producedAt` is the
    /// real time of signing, as OpenSSL sets it.
    /// - Parameters:
    ///   - responses: One status per certificate asked about.
    ///   - nonce: The request's nonce extension value, echoed as is; `nil` for none.
    ///   - signer: The responder's certificate: the issuer of the certificates asked about, or a delegated responder
    ///     it issued with the OCSPSigning extended key usage.
    ///   - key: The signer's private key.
    ///   - includingSignerCertificate: Whether to put `signer` in the response's `certs` (a delegated responder
    ///     must; an issuer need not).
    /// - Throws: ``OCSPError/openSSLFailure(operation:details:)``.
    public static func signed(
        _ responses: [OCSPSingleResponse], nonce: Data?, signer: Certificate, key: P256PrivateKey,
        includingSignerCertificate: Bool = false
    ) throws(OCSPError) -> Data {
        guard let basic = OCSP_BASICRESP_new() else { throw .openSSL("allocate a BasicOCSPResponse") }
        defer { OCSP_BASICRESP_free(basic) }
        for response in responses {
            try add(response, to: basic)
        }
        if let nonce {
            try OCSPExtensions.addNonce(nonce) { OCSP_BASICRESP_add_ext(basic, $0, -1) }
        }
        let flags = UInt(OCSP_RESPID_KEY) | (includingSignerCertificate ? 0 : UInt(OCSP_NOCERTS))
        guard OCSP_basic_sign(basic, signer.pointer, key.pointer, MessageDigestAlgorithm.sha256.pointer, nil, flags) == 1 else {
            throw .openSSL("sign an OCSP response")
        }
        guard let response = OCSP_response_create(Int32(OCSPResponseStatus.successful.rawValue), basic) else {
            throw .openSSL("wrap an OCSP response")
        }
        defer { OCSP_RESPONSE_free(response) }
        guard let der = DERBytes.encode({ i2d_OCSP_RESPONSE(response, $0) }) else { throw .openSSL("encode an OCSP response") }
        return der
    }

    /// An unsuccessful OCSPResponse (DER): only the status, as RFC 6960 requires for every status but
    /// ``OCSPResponseStatus/successful``.
    public static func unsuccessful(_ status: OCSPResponseStatus) -> Data {
        precondition(status != .successful && (0...127).contains(status.rawValue), "\(status) is not an error status")
        // OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED }
        return Data([0x30, 0x03, 0x0A, 0x01, UInt8(status.rawValue)])
    }

    private static func add(_ response: OCSPSingleResponse, to basic: OpaquePointer) throws(OCSPError) {
        let certificateID = try response.certificateID.makeCertificateID()
        defer { OCSP_CERTID_free(certificateID) }
        let thisUpdate = try time(response.thisUpdate)
        defer { ASN1_TIME_free(thisUpdate) }
        let nextUpdate = try response.nextUpdate.map { date throws(OCSPError) in try time(date) }
        defer { nextUpdate.map { ASN1_TIME_free($0) } }
        var code = V_OCSP_CERTSTATUS_GOOD
        var reason = Int32(OCSP_REVOKED_STATUS_NOSTATUS)
        var revocationTime: UnsafeMutablePointer<ASN1_TIME>?
        defer { revocationTime.map { ASN1_TIME_free($0) } }
        switch response.status {
        case .good:
            break
        case .revoked(let date, let revocationReason):
            code = V_OCSP_CERTSTATUS_REVOKED
            revocationTime = try time(date)
            reason = revocationReason.map { Int32($0.rawValue) } ?? reason
        case .unknown:
            code = V_OCSP_CERTSTATUS_UNKNOWN
        }
        guard OCSP_basic_add1_status(basic, certificateID, code, reason, revocationTime, thisUpdate, nextUpdate) != nil else {
            throw .openSSL("add a certificate status")
        }
    }

    private static func time(_ date: Timestamp) throws(OCSPError) -> UnsafeMutablePointer<ASN1_TIME> {
        guard let time = ASN1_TIME_set(nil, time_t(date.wholeSecondsFloor)) else {
            throw .openSSL("encode the time \(date)")
        }
        return time
    }
}
