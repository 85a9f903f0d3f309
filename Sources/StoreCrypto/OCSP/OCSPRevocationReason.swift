/// Why a certificate was revoked: the CRLReason of RFC 5280 §5.3.1, as OCSP's `revocationReason`.
public struct OCSPRevocationReason: Hashable, Sendable, CustomStringConvertible {
    /// The ENUMERATED value.
    public let rawValue: Int

    /// Creates a reason from its wire value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 0: unspecified.
    public static let unspecified = OCSPRevocationReason(rawValue: 0)
    /// 1: the subject's key was compromised.
    public static let keyCompromise = OCSPRevocationReason(rawValue: 1)
    /// 2: the issuing CA's key was compromised.
    public static let caCompromise = OCSPRevocationReason(rawValue: 2)
    /// 3: the subject's affiliation changed.
    public static let affiliationChanged = OCSPRevocationReason(rawValue: 3)
    /// 4: the certificate was replaced.
    public static let superseded = OCSPRevocationReason(rawValue: 4)
    /// 5: the certificate is no longer needed.
    public static let cessationOfOperation = OCSPRevocationReason(rawValue: 5)
    /// 6: the certificate is on hold.
    public static let certificateHold = OCSPRevocationReason(rawValue: 6)
    /// 9: the subject's privileges were withdrawn.
    public static let privilegeWithdrawn = OCSPRevocationReason(rawValue: 9)

    /// The RFC 5280 name for known values, the number otherwise.
    public var description: String {
        let names = [
            0: "unspecified", 1: "keyCompromise", 2: "cACompromise", 3: "affiliationChanged", 4: "superseded",
            5: "cessationOfOperation", 6: "certificateHold", 8: "removeFromCRL", 9: "privilegeWithdrawn",
            10: "aACompromise",
        ]
        return names[rawValue] ?? String(rawValue)
    }
}
