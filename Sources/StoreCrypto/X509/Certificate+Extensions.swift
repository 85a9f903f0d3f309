import COpenSSL
import Foundation

extension Certificate {
    /// Whether the certificate carries an extension, by dotted OID (for example `"1.2.840.113635.100.6.11.1"`).
    public func hasExtension(oid: String) -> Bool {
        extensionIndex(oid: oid) != nil
    }

    /// Whether the extension with this OID is marked critical; `nil` when the certificate lacks it.
    public func isExtensionCritical(oid: String) -> Bool? {
        guard let index = extensionIndex(oid: oid) else { return nil }
        return X509_EXTENSION_get_critical(X509_get_ext(pointer, index)) == 1
    }

    /// The DER value (the `extnValue` contents) of the extension with this OID; `nil` when absent.
    public func extensionValue(oid: String) -> Data? {
        guard let index = extensionIndex(oid: oid), let value = X509_EXTENSION_get_data(X509_get_ext(pointer, index))
        else { return nil }
        return Self.bytes(of: value)
    }

    /// The subject key identifier, when the extension is present.
    public var subjectKeyIdentifier: Data? {
        X509_get0_subject_key_id(pointer).map(Self.bytes(of:))
    }

    /// The `keyIdentifier` of the authority key identifier, when present.
    public var authorityKeyIdentifier: Data? {
        X509_get0_authority_key_id(pointer).map(Self.bytes(of:))
    }

    private func extensionIndex(oid: String) -> Int32? {
        // `1` = numeric form only: never resolve a short or long name.
        guard let object = OBJ_txt2obj(oid, 1) else {
            _ = OpenSSLErrorQueue.drain()
            return nil
        }
        defer { ASN1_OBJECT_free(object) }
        let index = X509_get_ext_by_OBJ(pointer, object, -1)
        return index >= 0 ? index : nil
    }

    private static func bytes(of string: UnsafePointer<ASN1_STRING>) -> Data {
        Data(bytes: ASN1_STRING_get0_data(string), count: Int(ASN1_STRING_length(string)))
    }
}

extension Certificate {
    /// The OCSP responder URLs of the authorityInfoAccess extension, in order; empty when there are none.
    public var ocspURLs: [String] {
        guard let stack = X509_get1_ocsp(pointer) else {
            _ = OpenSSLErrorQueue.drain()
            return []
        }
        defer { X509_email_free(stack) }
        return (0..<OPENSSL_sk_num(stack)).compactMap { index in
            OPENSSL_sk_value(stack, index).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        }
    }
}
