import COpenSSL

/// An extension OID converted to OpenSSL's `ASN1_OBJECT` once, for checks that run on every verification.
///
/// `hasExtension(oid:)` converts its dotted text with `OBJ_txt2obj` on each call (a parse and two allocations);
/// a verifier checking the App Store marker OIDs on every call holds these instead. A documented C wrapper: the
/// object is never modified after creation, and OpenSSL only reads it when comparing, hence `@unchecked Sendable`.
final class ExtensionObject: @unchecked Sendable {
    /// The dotted OID.
    let dotted: String
    private let object: OpaquePointer

    /// Converts a dotted OID (numeric form only: never a short or long name).
    init(_ dotted: String) {
        guard let object = OBJ_txt2obj(dotted, 1) else {
            preconditionFailure("\(dotted) is not a dotted OID: \(OpenSSLErrorQueue.drain())")
        }
        self.dotted = dotted
        self.object = object
    }

    deinit {
        ASN1_OBJECT_free(object)
    }

    /// Whether `certificate` carries an extension with this OID.
    func isPresent(in certificate: Certificate) -> Bool {
        X509_get_ext_by_OBJ(certificate.pointer, object, -1) >= 0
    }
}
