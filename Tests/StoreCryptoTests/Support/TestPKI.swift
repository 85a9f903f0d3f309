import COpenSSL
import Foundation
import StoreCrypto
import StoreModel

/// Certificate authorities and hand-made chains shared by the tests, all built in memory at a fixed time.
enum TestPKI {
    /// 2025-06-01T00:00:00Z: the `signedDate` of forged test data and the verifiers' "now".
    static let referenceTime = Timestamp(milliseconds: 1_748_736_000_000)
    /// 2020-01-01 and 2049-12-31, the default validity bounds.
    static let validFrom = CertificateAuthority.Configuration.defaultNotBefore
    static let validUntil = CertificateAuthority.Configuration.defaultNotAfter

    /// The authority whose root the test verifiers trust.
    static let authority = makeAuthority()
    /// An unrelated authority (same profile, other keys).
    static let otherAuthority = makeAuthority()

    private static func makeAuthority() -> CertificateAuthority {
        do {
            return try CertificateAuthority.generate()
        } catch {
            fatalError("test PKI: \(error)")
        }
    }

    /// A Sandbox verifier for `com.example` trusting ``authority``'s root.
    static func verifier(
        environment: AppStoreEnvironment = .sandbox, bundleId: String = "com.example", appAppleId: Int64? = 1234,
        roots: [Certificate] = [authority.root], enableOnlineChecks: Bool = false, chainCacheCapacity: Int = 64,
        now: Timestamp = referenceTime
    ) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            roots: roots, bundleId: bundleId, appAppleId: appAppleId, environment: environment,
            enableOnlineChecks: enableOnlineChecks, decodeOnlyEnvironmentsAllowed: environment.isDecodeOnly,
            chainCacheCapacity: chainCacheCapacity, currentTime: { now })
    }

    /// The JSON of a transaction payload signed at ``referenceTime``.
    static func transactionJSON(
        bundleId: String = "com.example", environment: String = "Sandbox", signedDate: Timestamp = referenceTime
    ) -> String {
        #"{"bundleId":"\#(bundleId)","environment":"\#(environment)","signedDate":\#(signedDate.milliseconds),"transactionId":"2000000000000001"}"#
    }

    /// A certificate chain for forging: a fresh intermediate under ``authority``'s root and a fresh leaf, each
    /// with its marker unless switched off.
    struct CustomChain {
        var intermediateHasMarker = true
        var intermediateIsCA = true
        var leafHasMarker = true
        var leafValidity = TestPKI.validFrom...TestPKI.validUntil
        var leafIssuedByRoot = false
        var leafSignedByUnrelatedKey = false
        /// Replaces the leaf's P-256 key with this SubjectPublicKeyInfo (for example a P-384 key).
        var leafSubjectPublicKeyInfo: Data?

        /// Builds the chain. - Returns: `x5c` (leaf, intermediate, root) and the key matching the leaf.
        func build() throws -> (x5c: [String], leafKey: P256PrivateKey) {
            let root = TestPKI.authority.root
            let rootKey = TestPKI.authority.rootKey
            let intermediateKey = try P256PrivateKey.generate()
            var intermediateExtensions: [CertificateExtension] = [
                .basicConstraints(isCertificateAuthority: intermediateIsCA, pathLength: intermediateIsCA ? 0 : nil),
                .keyUsage(intermediateIsCA ? [.keyCertSign, .cRLSign] : [.digitalSignature]),
                .authorityKeyIdentifier(root.subjectKeyIdentifier!),
                .subjectKeyIdentifier(
                    try KeyIdentifier.sha1(subjectPublicKeyInfo: intermediateKey.publicKey.derRepresentation)),
            ]
            if intermediateHasMarker {
                intermediateExtensions.append(.marker(oid: CertificateExtension.appStoreIntermediateMarkerOID))
            }
            let intermediate = try CertificateBuilder(
                subject: CertificateAuthority.intermediateSubject,
                subjectPublicKeyInfo: intermediateKey.publicKey.derRepresentation, notBefore: TestPKI.validFrom,
                notAfter: TestPKI.validUntil, extensions: intermediateExtensions
            ).sign(issuer: root, issuerKey: rootKey)

            let leafKey = try P256PrivateKey.generate()
            let issuer = leafIssuedByRoot ? root : intermediate
            let issuerKey = leafIssuedByRoot ? rootKey : intermediateKey
            var leafExtensions: [CertificateExtension] = [
                .basicConstraints(isCertificateAuthority: false), .keyUsage(.digitalSignature),
                .authorityKeyIdentifier(issuer.subjectKeyIdentifier!),
            ]
            if leafHasMarker { leafExtensions.append(.marker(oid: CertificateExtension.appStoreLeafMarkerOID)) }
            let leaf = try CertificateBuilder(
                subject: CertificateAuthority.leafSubject,
                subjectPublicKeyInfo: leafSubjectPublicKeyInfo ?? leafKey.publicKey.derRepresentation,
                notBefore: leafValidity.lowerBound, notAfter: leafValidity.upperBound, extensions: leafExtensions
            ).sign(issuer: issuer, issuerKey: leafSignedByUnrelatedKey ? try P256PrivateKey.generate() : issuerKey)
            return ([leaf, intermediate, root].map { StrictBase64.encode($0.derRepresentation) }, leafKey)
        }
    }

    /// A DER SubjectPublicKeyInfo of a fresh key on another curve (`NID_secp384r1` by default), made with OpenSSL.
    static func foreignCurvePublicKey(nid: Int32 = NID_secp384r1) -> Data {
        let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil)
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        precondition(EVP_PKEY_keygen_init(context) == 1)
        precondition(EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, nid) == 1)
        precondition(EVP_PKEY_keygen(context, &key) == 1)
        defer { EVP_PKEY_free(key) }
        let length = i2d_PUBKEY(key, nil)
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_PUBKEY(key, &cursor)
        }
        return Data(der)
    }

    /// A PKCS#8 DER private key on another curve, made with OpenSSL.
    static func foreignCurvePrivateKeyPKCS8(nid: Int32 = NID_secp384r1) -> Data {
        let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil)
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        precondition(EVP_PKEY_keygen_init(context) == 1)
        precondition(EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, nid) == 1)
        precondition(EVP_PKEY_keygen(context, &key) == 1)
        defer { EVP_PKEY_free(key) }
        let info = EVP_PKEY2PKCS8(key)
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        let length = i2d_PKCS8_PRIV_KEY_INFO(info, nil)
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_PKCS8_PRIV_KEY_INFO(info, &cursor)
        }
        return Data(der)
    }
}
