import COpenSSL
import Foundation
import StoreModel

/// An X.509 certificate parsed by OpenSSL.
///
/// A documented C wrapper: it owns an `X509` that is never modified after parsing (its extension cache is filled
/// in `init`), which OpenSSL allows to be read from several threads, hence `@unchecked Sendable`.
public final class Certificate: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The `X509`.
    let pointer: OpaquePointer
    /// The DER encoding, exactly as parsed or as built.
    public let derRepresentation: Data
    /// The start of the validity period (whole seconds).
    public let notBefore: Timestamp
    /// The end of the validity period (whole seconds). OpenSSL, and so this module, treats the certificate as
    /// expired from this very second on.
    public let notAfter: Timestamp
    /// The public key when it is P-256, extracted once at parse time; otherwise what it is instead.
    private let publicKey: Result<P256PublicKey, CertificateError>
    /// What an ECDSA signature on this certificate covers, for ``ChainSignatureStep``; `nil` for other signature
    /// algorithms.
    let signedContents: SignedCertificateContents?
    /// Verification with this certificate's key on pooled contexts when it is an EC key (of any curve: Apple's
    /// root and intermediate are P-384), for ``ChainSignatureStep``.
    let signatureVerifier: ECDSAVerifier?
    /// Whether both validity dates are in RFC 5280's fixed form (UTCTime `YYMMDDHHMMSSZ`, GeneralizedTime
    /// `YYYYMMDDHHMMSSZ`), the only form `X509_cmp_time` compares; then `X509_cmp_time` against an instant
    /// gives what comparing ``validSeconds`` gives, which ``ChainSignatureStep`` relies on.
    let hasFixedFormValidity: Bool

    /// Parses one DER certificate; trailing bytes are rejected.
    /// - Throws: ``CertificateError/notDER`` or ``CertificateError/invalidField(_:)`` for unreadable dates.
    public convenience init(derRepresentation: Data) throws(CertificateError) {
        guard let certificate = DERBytes.decode(derRepresentation, free: { X509_free($0) }, { d2i_X509(nil, $0, $1) })
        else {
            throw .notDER
        }
        try self.init(taking: certificate, der: derRepresentation)
    }

    /// Parses one PEM `CERTIFICATE` block.
    public convenience init(pemRepresentation: String) throws(CertificateError) {
        let document: PEMDocument
        do {
            document = try PEMDocument(parsing: pemRepresentation, expectedLabel: "CERTIFICATE")
        } catch {
            throw .invalidPEM(error.description)
        }
        try self.init(derRepresentation: document.der)
    }

    /// Takes ownership of an `X509` (freed on failure) whose DER encoding is `der`.
    init(taking certificate: OpaquePointer, der: Data) throws(CertificateError) {
        // Fills OpenSSL's extension cache now, so that later reads from any thread only read.
        _ = X509_get_extension_flags(certificate)
        guard let notBefore = Self.timestamp(X509_get0_notBefore(certificate)),
            let notAfter = Self.timestamp(X509_get0_notAfter(certificate))
        else {
            X509_free(certificate)
            throw .invalidField("the validity dates cannot be read")
        }
        pointer = certificate
        derRepresentation = der
        self.notBefore = notBefore
        self.notAfter = notAfter
        hasFixedFormValidity =
            Self.isFixedForm(X509_get0_notBefore(certificate)) && Self.isFixedForm(X509_get0_notAfter(certificate))
        let publicKey = Self.extractP256PublicKey(certificate)
        self.publicKey = publicKey
        signedContents = SignedCertificateContents(certificate: certificate, der: der)
        signatureVerifier =
            switch publicKey {
            case .success(let key): key.verifier
            case .failure: X509_get0_pubkey(certificate).flatMap(ECDSAVerifier.init(key:))
            }
    }

    /// The certificate's key as P-256, with its SPKI DER re-encoded from the parsed `X509_PUBKEY` (cheap)
    /// rather than through OpenSSL 3.0's encoder framework (`i2d_PUBKEY`, about 100 µs).
    private static func extractP256PublicKey(_ certificate: OpaquePointer) -> Result<P256PublicKey, CertificateError> {
        guard let key = X509_get_pubkey(certificate) else {
            _ = OpenSSLErrorQueue.drain()
            return .failure(.unsupportedPublicKey("the key cannot be decoded"))
        }
        guard let der = DERBytes.encode({ i2d_X509_PUBKEY(X509_get_X509_PUBKEY(certificate), $0) }) else {
            EVP_PKEY_free(key)
            return .failure(.openSSL("encode the certificate's public key"))
        }
        do {
            return .success(try P256PublicKey(taking: key, derRepresentation: der))
        } catch {
            return .failure(.unsupportedPublicKey(error.description))
        }
    }

    /// Takes ownership of an `X509` built in memory (freed on failure).
    convenience init(taking certificate: OpaquePointer) throws(CertificateError) {
        guard let der = DERBytes.encode({ i2d_X509(certificate, $0) }) else {
            X509_free(certificate)
            throw .openSSL("encode a certificate")
        }
        try self.init(taking: certificate, der: der)
    }

    deinit {
        X509_free(pointer)
    }

    /// The certificate as a PEM `CERTIFICATE` block.
    public var pemRepresentation: String {
        PEMDocument(label: "CERTIFICATE", der: derRepresentation).pemString
    }

    /// The subject name.
    public var subject: DistinguishedName {
        DistinguishedName(reading: X509_get_subject_name(pointer))
    }

    /// The issuer name.
    public var issuer: DistinguishedName {
        DistinguishedName(reading: X509_get_issuer_name(pointer))
    }

    /// The serial number's big-endian magnitude bytes, without leading zeros.
    public var serialNumber: Data {
        guard let number = ASN1_INTEGER_to_BN(X509_get0_serialNumber(pointer), nil) else {
            _ = OpenSSLErrorQueue.drain()
            return Data()
        }
        defer { BN_free(number) }
        var bytes = Data(count: Int((BN_num_bits(number) + 7) / 8))
        bytes.withUnsafeMutableBytes { _ = BN_bn2bin(number, $0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
        return bytes
    }

    /// The serial number in uppercase hexadecimal, as `openssl x509 -serial` prints it.
    public var serialNumberHex: String {
        serialNumber.map { String(format: "%02X", $0) }.joined()
    }

    /// The certificate's public key as P-256.
    /// - Throws: ``CertificateError/unsupportedPublicKey(_:)`` for any other key type or curve.
    public func p256PublicKey() throws(CertificateError) -> P256PublicKey {
        try publicKey.get()
    }

    /// Whether the certificate's public key is an EC P-256 key.
    public var hasP256PublicKey: Bool {
        (try? publicKey.get()) != nil
    }

    /// Whether OpenSSL's path validation accepts this certificate's dates at `instant`: compared in whole seconds,
    /// `notBefore ≤ instant < notAfter` (`X509_cmp_time` counts the `notAfter` second as expired).
    public func isValid(at instant: Timestamp) -> Bool {
        validSeconds.contains(instant.wholeSecondsFloor)
    }

    /// The whole seconds at which OpenSSL accepts this certificate's dates (empty when none).
    var validSeconds: Range<Int64> {
        let start = notBefore.wholeSecondsFloor
        return start..<max(start, notAfter.wholeSecondsFloor)
    }

    public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
        lhs.derRepresentation == rhs.derRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(derRepresentation)
    }

    /// The subject, serial and validity, for logs.
    public var description: String {
        "Certificate(subject: \(subject), serial: \(serialNumberHex), valid: \(notBefore) – \(notAfter))"
    }

    /// Whether an X.509 time is UTCTime of 13 characters or GeneralizedTime of 15, all digits but a final `Z`.
    private static func isFixedForm(_ time: UnsafePointer<ASN1_TIME>?) -> Bool {
        guard let time, let characters = ASN1_STRING_get0_data(time) else { return false }
        let expectedLength: Int32
        switch ASN1_STRING_type(time) {
        case V_ASN1_UTCTIME: expectedLength = 13
        case V_ASN1_GENERALIZEDTIME: expectedLength = 15
        default: return false
        }
        guard ASN1_STRING_length(time) == expectedLength else { return false }
        let last = Int(expectedLength) - 1
        return (0..<last).allSatisfy { (0x30...0x39).contains(characters[$0]) } && characters[last] == UInt8(ascii: "Z")
    }

    private static func timestamp(_ time: UnsafePointer<ASN1_TIME>?) -> Timestamp? {
        var fields = tm()
        guard let time, ASN1_TIME_to_tm(time, &fields) == 1 else {
            _ = OpenSSLErrorQueue.drain()
            return nil
        }
        let days = daysSinceEpoch(
            year: Int64(fields.tm_year) + 1900, month: Int64(fields.tm_mon) + 1, day: Int64(fields.tm_mday))
        let seconds = days * 86_400 + Int64(fields.tm_hour) * 3600 + Int64(fields.tm_min) * 60 + Int64(fields.tm_sec)
        return Timestamp(milliseconds: seconds * 1000)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Timestamp {
    /// Whole seconds since the epoch, rounded toward negative infinity (the `time_t` OpenSSL compares). Defined for
    /// every value, `Int64.min` included: payload dates reach this before any signature is checked.
    var wholeSecondsFloor: Int64 {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
