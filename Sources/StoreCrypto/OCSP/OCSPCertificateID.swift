import COpenSSL
import Foundation

/// The CertID of RFC 6960 §4.1.1: which certificate an OCSP request asks about, named by hashes of its issuer's
/// name and key and by its serial number.
///
/// ```swift
/// let id = try OCSPCertificateID(certificate: authority.leaf, issuer: authority.intermediate)
/// id.identifies(authority.leaf, issuedBy: authority.intermediate)  // true
/// ```
public struct OCSPCertificateID: Hashable, Sendable, CustomStringConvertible {
    /// The algorithm of both hashes.
    public var hashAlgorithm: OCSPHashAlgorithm
    /// The hash of the issuer's DER subject name.
    public var issuerNameHash: Data
    /// The hash of the issuer's public key (the subjectPublicKey BIT STRING contents).
    public var issuerKeyHash: Data
    /// The serial number's big-endian magnitude, without leading zeros (as ``Certificate/serialNumber``).
    public var serialNumber: Data
    /// The DER this ID was read from, so that a response echoes a request's CertID byte for byte.
    private var receivedEncoding: Data?

    /// Creates an ID from its parts.
    public init(hashAlgorithm: OCSPHashAlgorithm, issuerNameHash: Data, issuerKeyHash: Data, serialNumber: Data) {
        self.hashAlgorithm = hashAlgorithm
        self.issuerNameHash = issuerNameHash
        self.issuerKeyHash = issuerKeyHash
        self.serialNumber = Self.magnitude(serialNumber)
    }

    /// The ID of `certificate`, issued by `issuer`, hashed with `hashAlgorithm`.
    /// - Throws: ``OCSPError/unsupportedHashAlgorithm(_:)`` or ``OCSPError/openSSLFailure(operation:details:)``.
    public init(certificate: Certificate, issuer: Certificate, hashAlgorithm: OCSPHashAlgorithm = .sha256) throws(OCSPError) {
        let (nameHash, keyHash) = try Self.issuerHashes(of: issuer, with: hashAlgorithm)
        self.init(
            hashAlgorithm: hashAlgorithm, issuerNameHash: nameHash, issuerKeyHash: keyHash,
            serialNumber: certificate.serialNumber)
    }

    /// Reads an `OCSP_CERTID`, keeping its encoding.
    init(reading certificateID: OpaquePointer) throws(OCSPError) {
        var nameHash: UnsafeMutablePointer<ASN1_OCTET_STRING>?
        var algorithm: OpaquePointer?
        var keyHash: UnsafeMutablePointer<ASN1_OCTET_STRING>?
        var serial: UnsafeMutablePointer<ASN1_INTEGER>?
        guard OCSP_id_get0_info(&nameHash, &algorithm, &keyHash, &serial, certificateID) == 1, let nameHash, let algorithm,
            let keyHash, let serial
        else {
            throw .malformedRequest("a CertID lacks a field")
        }
        var text = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&text, Int32(text.count), algorithm, 1)
        guard length > 0, Int(length) < text.count else { throw .malformedRequest("a CertID's hash algorithm is unreadable") }
        guard let number = ASN1_INTEGER_to_BN(serial, nil) else { throw .malformedRequest("a CertID's serial number is unreadable") }
        defer { BN_free(number) }
        var magnitude = Data(count: Int((BN_num_bits(number) + 7) / 8))
        magnitude.withUnsafeMutableBytes { _ = BN_bn2bin(number, $0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
        self.init(
            hashAlgorithm: OCSPHashAlgorithm(oid: String(decoding: text.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)),
            issuerNameHash: Self.bytes(of: nameHash), issuerKeyHash: Self.bytes(of: keyHash), serialNumber: magnitude)
        receivedEncoding = DERBytes.encode { i2d_OCSP_CERTID(certificateID, $0) }
    }

    /// Whether this ID names `certificate` issued by `issuer` (same serial number and issuer hashes).
    public func identifies(_ certificate: Certificate, issuedBy issuer: Certificate) -> Bool {
        guard serialNumber == certificate.serialNumber,
            let (nameHash, keyHash) = try? Self.issuerHashes(of: issuer, with: hashAlgorithm)
        else { return false }
        return nameHash == issuerNameHash && keyHash == issuerKeyHash
    }

    /// The algorithm, issuer hashes and serial number in hexadecimal.
    public var description: String {
        let hex = { (data: Data) in data.map { String(format: "%02X", $0) }.joined() }
        return "CertID(\(hashAlgorithm), name: \(hex(issuerNameHash)), key: \(hex(issuerKeyHash)), serial: \(hex(serialNumber)))"
    }

    /// IDs are equal when their algorithm, hashes and serial number are, however they were encoded.
    public static func == (left: OCSPCertificateID, right: OCSPCertificateID) -> Bool {
        left.hashAlgorithm == right.hashAlgorithm && left.issuerNameHash == right.issuerNameHash
            && left.issuerKeyHash == right.issuerKeyHash && left.serialNumber == right.serialNumber
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashAlgorithm)
        hasher.combine(issuerNameHash)
        hasher.combine(issuerKeyHash)
        hasher.combine(serialNumber)
    }

    /// A new `OCSP_CERTID` (the caller frees it): the received encoding when there is one, else
    /// `SEQUENCE { AlgorithmIdentifier { oid, NULL }, OCTET STRING, OCTET STRING, INTEGER }`.
    func makeCertificateID() throws(OCSPError) -> OpaquePointer {
        let der = receivedEncoding ?? Data(encoded)
        guard let certificateID = DERBytes.decode(der, free: { OCSP_CERTID_free($0) }, { d2i_OCSP_CERTID(nil, $0, $1) })
        else { throw .openSSL("encode a CertID") }
        return certificateID
    }

    private var encoded: [UInt8] {
        var writer = DERWriter()
        writer.append(.sequence) { id in
            id.append(.sequence) { algorithm in
                algorithm.appendObjectIdentifier(hashAlgorithm.oid)
                algorithm.append(.null, contents: [])
            }
            id.append(.octetString, contents: issuerNameHash)
            id.append(.octetString, contents: issuerKeyHash)
            let integer = serialNumber.first.map { $0 & 0x80 != 0 ? [0] + serialNumber : Array(serialNumber) } ?? [0]
            id.append(.integer, contents: integer)
        }
        return writer.bytes
    }

    private static func issuerHashes(
        of issuer: Certificate, with algorithm: OCSPHashAlgorithm
    ) throws(OCSPError) -> (name: Data, key: Data) {
        guard let name = DERBytes.encode({ i2d_X509_NAME(X509_get_subject_name(issuer.pointer), $0) }),
            let key = X509_get0_pubkey_bitstr(issuer.pointer)
        else { throw .openSSL("read the issuer's name and key") }
        let nameHash = try algorithm.digest(name)
        let keyBytes = UnsafeRawBufferPointer(start: ASN1_STRING_get0_data(key), count: Int(ASN1_STRING_length(key)))
        return (nameHash, try algorithm.digest(keyBytes))
    }

    private static func bytes(of string: UnsafePointer<ASN1_STRING>) -> Data {
        Data(bytes: ASN1_STRING_get0_data(string), count: Int(ASN1_STRING_length(string)))
    }

    private static func magnitude(_ bytes: Data) -> Data {
        Data(bytes.drop { $0 == 0 })
    }
}
