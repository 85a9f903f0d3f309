import StoreModel

/// One certificate's status in an OCSP response (RFC 6960 §4.2.1 `SingleResponse`).
public struct OCSPSingleResponse: Hashable, Sendable {
    /// The certificate, as the request named it.
    public var certificateID: OCSPCertificateID
    /// Its status.
    public var status: OCSPCertificateStatus
    /// When the status was known to be correct (whole seconds).
    public var thisUpdate: Timestamp
    /// When newer information will be available (whole seconds); clients such as Apple's Python library require it.
    public var nextUpdate: Timestamp?

    /// Creates a single response.
    public init(certificateID: OCSPCertificateID, status: OCSPCertificateStatus, thisUpdate: Timestamp, nextUpdate: Timestamp?) {
        self.certificateID = certificateID
        self.status = status
        self.thisUpdate = thisUpdate
        self.nextUpdate = nextUpdate
    }
}
