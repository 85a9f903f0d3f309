import COpenSSL
import Foundation

/// The one OCSP extension Tienda writes: the nonce.
enum OCSPExtensions {
    /// Creates an `id-pkix-ocsp-nonce` extension with `value` as its `extnValue` and hands it to `add`.
    static func addNonce(_ value: Data, to add: (OpaquePointer) -> Int32) throws(OCSPError) {
        guard let octets = ASN1_OCTET_STRING_new() else { throw .openSSL("allocate a nonce") }
        defer { ASN1_OCTET_STRING_free(octets) }
        let set = value.withUnsafeBytes {
            ASN1_OCTET_STRING_set(octets, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32($0.count))
        }
        guard set == 1, let created = X509_EXTENSION_create_by_NID(nil, NID_id_pkix_OCSP_Nonce, 0, octets) else {
            throw .openSSL("create a nonce extension")
        }
        defer { X509_EXTENSION_free(created) }
        guard add(created) == 1 else { throw .openSSL("add a nonce extension") }
    }

    /// The `extnValue` of the nonce extension at `location`, read by `get`; `nil` when `location` is negative.
    static func nonce(at location: Int32, _ get: (Int32) -> OpaquePointer?) -> Data? {
        guard location >= 0, let found = get(location), let value = X509_EXTENSION_get_data(found) else { return nil }
        return Data(bytes: ASN1_STRING_get0_data(value), count: Int(ASN1_STRING_length(value)))
    }
}
