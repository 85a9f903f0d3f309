import Foundation

/// One X.509 v3 extension to put in a certificate: OID, criticality and DER value.
public struct CertificateExtension: Hashable, Sendable {
    /// The marker Apple puts on App Store signing leaf certificates (`1.2.840.113635.100.6.11.1`).
    public static let appStoreLeafMarkerOID = "1.2.840.113635.100.6.11.1"
    /// The marker Apple puts on the WWDR intermediate CA (`1.2.840.113635.100.6.2.1`).
    public static let appStoreIntermediateMarkerOID = "1.2.840.113635.100.6.2.1"

    /// The dotted OID.
    public var oid: String
    /// Whether the extension is critical.
    public var isCritical: Bool
    /// The DER encoding that goes into `extnValue`.
    public var value: Data

    /// Creates an extension from its parts.
    public init(oid: String, isCritical: Bool, value: Data) {
        self.oid = oid
        self.isCritical = isCritical
        self.value = value
    }

    /// basicConstraints (2.5.29.19): `cA` and an optional `pathLenConstraint`; critical by default.
    public static func basicConstraints(isCertificateAuthority: Bool, pathLength: Int? = nil, isCritical: Bool = true)
        -> CertificateExtension
    {
        var writer = DERWriter()
        writer.append(.sequence) { sequence in
            if isCertificateAuthority { sequence.append(.boolean, contents: [0xFF]) }
            if let pathLength { sequence.appendInteger(pathLength) }
        }
        return CertificateExtension(oid: "2.5.29.19", isCritical: isCritical, value: Data(writer.bytes))
    }

    /// keyUsage (2.5.29.15); critical by default.
    public static func keyUsage(_ usage: KeyUsage, isCritical: Bool = true) -> CertificateExtension {
        var writer = DERWriter()
        writer.append(.bitString, contents: usage.derBitString)
        return CertificateExtension(oid: "2.5.29.15", isCritical: isCritical, value: Data(writer.bytes))
    }

    /// subjectKeyIdentifier (2.5.29.14), never critical.
    public static func subjectKeyIdentifier(_ identifier: Data) -> CertificateExtension {
        var writer = DERWriter()
        writer.append(.octetString, contents: identifier)
        return CertificateExtension(oid: "2.5.29.14", isCritical: false, value: Data(writer.bytes))
    }

    /// authorityKeyIdentifier (2.5.29.35) with only `keyIdentifier`, never critical.
    public static func authorityKeyIdentifier(_ keyIdentifier: Data) -> CertificateExtension {
        var writer = DERWriter()
        writer.append(.sequence) { sequence in
            sequence.append(.contextPrimitive0, contents: keyIdentifier)
        }
        return CertificateExtension(oid: "2.5.29.35", isCritical: false, value: Data(writer.bytes))
    }

    /// authorityInfoAccess (1.3.6.1.5.5.7.1.1) with one OCSP responder URL, never critical.
    public static func ocspResponder(_ url: String) -> CertificateExtension {
        var writer = DERWriter()
        writer.append(.sequence) { accessDescriptions in
            accessDescriptions.append(.sequence) { description in
                description.appendObjectIdentifier("1.3.6.1.5.5.7.48.1")
                description.append(.contextPrimitive6, contents: Array(url.utf8))
            }
        }
        return CertificateExtension(oid: "1.3.6.1.5.5.7.1.1", isCritical: false, value: Data(writer.bytes))
    }

    /// The `id-kp-OCSPSigning` key purpose (1.3.6.1.5.5.7.3.9), which makes a certificate a delegated OCSP responder.
    public static let ocspSigningPurposeOID = "1.3.6.1.5.5.7.3.9"

    /// extendedKeyUsage (2.5.29.37) with the given key purposes (dotted OIDs), non-critical (OpenSSL's strict
    /// mode and Apple's verifiers reject unknown critical extensions in App Store chains).
    public static func extendedKeyUsage(_ purposes: [String]) -> CertificateExtension {
        var writer = DERWriter()
        writer.append(.sequence) { sequence in
            for purpose in purposes { sequence.appendObjectIdentifier(purpose) }
        }
        return CertificateExtension(oid: "2.5.29.37", isCritical: false, value: Data(writer.bytes))
    }

    /// id-pkix-ocsp-nocheck (1.3.6.1.5.5.7.48.1.5, RFC 6960 §4.2.2.2.1): clients need not check a delegated
    /// responder's own revocation status. Non-critical, value NULL.
    public static let ocspNoCheck = CertificateExtension(
        oid: "1.3.6.1.5.5.7.48.1.5", isCritical: false, value: Data([0x05, 0x00]))

    /// A non-critical marker extension whose value is DER NULL (`05 00`), the form of Apple's App Store OIDs.
    public static func marker(oid: String) -> CertificateExtension {
        CertificateExtension(oid: oid, isCritical: false, value: Data([0x05, 0x00]))
    }
}
