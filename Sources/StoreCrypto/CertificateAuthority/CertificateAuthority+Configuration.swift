import StoreModel

extension CertificateAuthority {
    /// Validity periods and optional OCSP responder location of a generated authority.
    public struct Configuration: Hashable, Sendable {
        /// 2020-01-01T00:00:00Z.
        public static let defaultNotBefore = Timestamp(milliseconds: 1_577_836_800_000)
        /// 2049-12-31T23:59:59Z, the last instant X.509 writes as UTCTime (OpenSSL counts this second as expired,
        /// so the certificates are usable until 23:59:58).
        public static let defaultNotAfter = Timestamp(milliseconds: 2_524_607_999_000)
        /// 2020-01-01 … 2049-12-31 for every certificate: wide, because emulated `signedDate`s follow virtual
        /// clocks that may run far from the real one.
        public static let `default` = Configuration()

        /// The root's validity (inclusive).
        public var rootValidity: ClosedRange<Timestamp>
        /// The intermediate's validity (inclusive); should lie within the root's.
        public var intermediateValidity: ClosedRange<Timestamp>
        /// The signing leaf's validity (inclusive); should lie within the intermediate's.
        public var leafValidity: ClosedRange<Timestamp>
        /// When set, the intermediate and the leaf carry an authorityInfoAccess OCSP URL: `<base>/root` on the
        /// intermediate (answered with the root's key) and `<base>/intermediate` on the leaf (answered with the
        /// intermediate's key). No OCSP URL by default.
        public var ocspBaseURL: String?

        /// Creates a configuration; every period defaults to 2020-01-01 … 2049-12-31.
        public init(
            rootValidity: ClosedRange<Timestamp> = defaultNotBefore...defaultNotAfter,
            intermediateValidity: ClosedRange<Timestamp> = defaultNotBefore...defaultNotAfter,
            leafValidity: ClosedRange<Timestamp> = defaultNotBefore...defaultNotAfter,
            ocspBaseURL: String? = nil
        ) {
            self.rootValidity = rootValidity
            self.intermediateValidity = intermediateValidity
            self.leafValidity = leafValidity
            self.ocspBaseURL = ocspBaseURL
        }

        /// The OCSP URL written into certificates issued by the named CA (`root` or `intermediate`).
        func ocspURL(issuedBy issuerName: String) throws(CertificateAuthorityError) -> String? {
            guard var base = ocspBaseURL else { return nil }
            guard base.hasPrefix("http://") || base.hasPrefix("https://"),
                base.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "," })
            else {
                throw .invalidConfiguration("the OCSP base URL must be an http(s) URL without spaces or commas")
            }
            while base.hasSuffix("/") { base.removeLast() }
            return "\(base)/\(issuerName)"
        }
    }

    /// "Tienda Root CA - G3", shaped like Apple Root CA - G3.
    public static let rootSubject = DistinguishedName(
        commonName: "Tienda Root CA - G3", organizationalUnit: "Tienda Certification Authority",
        organization: "Tienda", country: "US")
    /// "Tienda Worldwide Developer Relations CA G6", shaped like Apple's WWDR G6 intermediate.
    public static let intermediateSubject = DistinguishedName(
        commonName: "Tienda Worldwide Developer Relations CA G6", organizationalUnit: "G6", organization: "Tienda",
        country: "US")
    /// "Tienda App Store Signing", shaped like Apple's App Store receipt-signing leaf.
    public static let leafSubject = DistinguishedName(
        commonName: "Tienda App Store Signing", organizationalUnit: "Tienda Worldwide Developer Relations",
        organization: "Tienda", country: "US")
}
