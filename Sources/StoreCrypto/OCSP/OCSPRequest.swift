import COpenSSL
import Foundation

/// An OCSP request (RFC 6960 §4.1): the certificates asked about and an optional nonce. Signed requests are read
/// like unsigned ones; their signature is not checked.
///
/// ```swift
/// let request = OCSPRequest(certificateIDs: [try OCSPCertificateID(certificate: leaf, issuer: intermediate)])
/// let body = try request.derRepresentation()   // POST with Content-Type: application/ocsp-request
/// ```
public struct OCSPRequest: Hashable, Sendable {
    /// The certificates asked about, in request order.
    public var certificateIDs: [OCSPCertificateID]
    /// The value of the `id-pkix-ocsp-nonce` extension (1.3.6.1.5.5.7.48.1.2) as sent: under RFC 8954 the DER
    /// OCTET STRING holding the nonce. A responder echoes it byte for byte.
    public var nonce: Data?

    /// Creates a request.
    public init(certificateIDs: [OCSPCertificateID], nonce: Data? = nil) {
        self.certificateIDs = certificateIDs
        self.nonce = nonce
    }

    /// Parses a DER OCSPRequest.
    /// - Throws: ``OCSPError/malformedRequest(_:)`` when the bytes are not one, or it names no certificate.
    public init(derRepresentation der: Data) throws(OCSPError) {
        guard let request = DERBytes.decode(der, free: { OCSP_REQUEST_free($0) }, { d2i_OCSP_REQUEST(nil, $0, $1) })
        else { throw .malformedRequest("the body is not a DER OCSPRequest") }
        defer { OCSP_REQUEST_free(request) }
        var identifiers: [OCSPCertificateID] = []
        for index in 0..<max(0, OCSP_request_onereq_count(request)) {
            guard let one = OCSP_request_onereq_get0(request, index), let certificateID = OCSP_onereq_get0_id(one) else {
                throw .malformedRequest("request \(index) has no CertID")
            }
            identifiers.append(try OCSPCertificateID(reading: certificateID))
        }
        guard !identifiers.isEmpty else { throw .malformedRequest("the request names no certificate") }
        certificateIDs = identifiers
        nonce = OCSPExtensions.nonce(at: OCSP_REQUEST_get_ext_by_NID(request, NID_id_pkix_OCSP_Nonce, -1)) {
            OCSP_REQUEST_get_ext(request, $0)
        }
    }

    /// The request as unsigned DER, the body of an `application/ocsp-request` POST.
    /// - Throws: ``OCSPError/openSSLFailure(operation:details:)``.
    public func derRepresentation() throws(OCSPError) -> Data {
        guard let request = OCSP_REQUEST_new() else { throw .openSSL("allocate an OCSP request") }
        defer { OCSP_REQUEST_free(request) }
        for identifier in certificateIDs {
            let certificateID = try identifier.makeCertificateID()
            guard OCSP_request_add0_id(request, certificateID) != nil else {
                OCSP_CERTID_free(certificateID)
                throw .openSSL("add a CertID to a request")
            }
        }
        if let nonce {
            try OCSPExtensions.addNonce(nonce) { OCSP_REQUEST_add_ext(request, $0, -1) }
        }
        guard let der = DERBytes.encode({ i2d_OCSP_REQUEST(request, $0) }) else { throw .openSSL("encode an OCSP request") }
        return der
    }
}
