import COpenSSL
import Foundation
import StoreModel

/// Describes an X.509 v3 certificate and signs it with an issuer's P-256 key (ecdsa-with-SHA256).
///
/// The subject key may be any SubjectPublicKeyInfo (tests use it to mint, say, a P-384 leaf); extensions go in
/// as given, in order.
public struct CertificateBuilder: Sendable {
    /// The subject name.
    public var subject: DistinguishedName
    /// The subject's DER SubjectPublicKeyInfo.
    public var subjectPublicKeyInfo: Data
    /// The serial number's big-endian magnitude (positive).
    public var serialNumber: Data
    /// The first instant of validity (truncated to seconds).
    public var notBefore: Timestamp
    /// The last instant of validity (truncated to seconds).
    public var notAfter: Timestamp
    /// The extensions, in order.
    public var extensions: [CertificateExtension]

    /// Creates a description; the serial number defaults to 16 random bytes.
    public init(
        subject: DistinguishedName, subjectPublicKeyInfo: Data, serialNumber: Data = CertificateBuilder.randomSerialNumber(),
        notBefore: Timestamp, notAfter: Timestamp, extensions: [CertificateExtension] = []
    ) {
        self.subject = subject
        self.subjectPublicKeyInfo = subjectPublicKeyInfo
        self.serialNumber = serialNumber
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.extensions = extensions
    }

    /// 16 random bytes forming a positive integer of exactly 16 bytes (top bit clear, first byte non-zero).
    public static func randomSerialNumber() -> Data {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else {
            preconditionFailure("OpenSSL's random generator failed: \(OpenSSLErrorQueue.drain())")
        }
        bytes[0] = max(bytes[0] & 0x7F, 1)
        return Data(bytes)
    }

    /// Builds and signs the certificate.
    /// - Parameters:
    ///   - issuer: The issuing certificate, whose subject becomes the issuer name; `nil` for a self-signed
    ///     certificate (issuer name = subject).
    ///   - issuerKey: The key that signs (the issuer's key, or the subject's own for a self-signed certificate).
    /// - Throws: ``CertificateError`` when a field cannot be encoded or OpenSSL fails.
    public func sign(issuer: Certificate?, issuerKey: P256PrivateKey) throws(CertificateError) -> Certificate {
        guard let certificate = X509_new() else { throw .openSSL("allocate a certificate") }
        do throws(CertificateError) {
            try fill(certificate, issuer: issuer)
            guard X509_sign(certificate, issuerKey.pointer, MessageDigestAlgorithm.sha256.pointer) > 0 else {
                throw CertificateError.openSSL("sign a certificate")
            }
        } catch {
            X509_free(certificate)
            throw error
        }
        return try Certificate(taking: certificate)
    }

    private func fill(_ certificate: OpaquePointer, issuer: Certificate?) throws(CertificateError) {
        guard X509_set_version(certificate, 2) == 1 else { throw .openSSL("set the version") }
        try setSerialNumber(of: certificate)
        let subjectName = try subject.makeX509Name()
        defer { X509_NAME_free(subjectName) }
        guard X509_set_subject_name(certificate, subjectName) == 1,
            X509_set_issuer_name(certificate, issuer.map { X509_get_subject_name($0.pointer) } ?? subjectName) == 1
        else { throw .openSSL("set the names") }
        guard notBefore <= notAfter,
            ASN1_TIME_set(X509_getm_notBefore(certificate), time_t(notBefore.wholeSecondsFloor)) != nil,
            ASN1_TIME_set(X509_getm_notAfter(certificate), time_t(notAfter.wholeSecondsFloor)) != nil
        else {
            _ = OpenSSLErrorQueue.drain()
            throw .invalidField("validity \(notBefore) – \(notAfter) cannot be encoded")
        }
        guard
            let key = DERBytes.decode(subjectPublicKeyInfo, free: { EVP_PKEY_free($0) }, { d2i_PUBKEY(nil, $0, $1) })
        else {
            throw .unsupportedPublicKey("the subject key is not a DER SubjectPublicKeyInfo")
        }
        defer { EVP_PKEY_free(key) }
        guard X509_set_pubkey(certificate, key) == 1 else { throw .openSSL("set the public key") }
        for certificateExtension in extensions {
            try add(certificateExtension, to: certificate)
        }
    }

    private func setSerialNumber(of certificate: OpaquePointer) throws(CertificateError) {
        guard !serialNumber.isEmpty, serialNumber.count <= 20, serialNumber.contains(where: { $0 != 0 }) else {
            throw .invalidField("a serial number is a positive integer of at most 20 bytes")
        }
        let number = serialNumber.withUnsafeBytes {
            BN_bin2bn($0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32($0.count), nil)
        }
        guard let number else { throw .openSSL("convert the serial number") }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else { throw .openSSL("convert the serial number") }
        defer { ASN1_INTEGER_free(integer) }
        guard X509_set_serialNumber(certificate, integer) == 1 else { throw .openSSL("set the serial number") }
    }

    private func add(_ certificateExtension: CertificateExtension, to certificate: OpaquePointer) throws(CertificateError) {
        guard let object = OBJ_txt2obj(certificateExtension.oid, 1) else {
            _ = OpenSSLErrorQueue.drain()
            throw .invalidField("\(certificateExtension.oid) is not a dotted OID")
        }
        defer { ASN1_OBJECT_free(object) }
        guard let value = ASN1_OCTET_STRING_new() else { throw .openSSL("allocate an extension value") }
        defer { ASN1_OCTET_STRING_free(value) }
        let set = certificateExtension.value.withUnsafeBytes {
            ASN1_OCTET_STRING_set(value, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32($0.count))
        }
        guard set == 1,
            let created = X509_EXTENSION_create_by_OBJ(nil, object, certificateExtension.isCritical ? 1 : 0, value)
        else { throw .openSSL("create extension \(certificateExtension.oid)") }
        defer { X509_EXTENSION_free(created) }
        guard X509_add_ext(certificate, created, -1) == 1 else { throw .openSSL("add extension \(certificateExtension.oid)") }
    }
}
