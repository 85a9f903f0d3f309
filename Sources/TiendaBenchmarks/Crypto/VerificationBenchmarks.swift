import StoreCrypto
import StoreModel

/// ES256 verification: OpenSSL's one-shot `EVP_DigestVerify` (the reference) against Tienda's
/// `SignedDataVerifier` with its caches on and off, plus OpenSSL's own full-chain cost for scale.
enum VerificationBenchmarks {
    /// The reference; the verifier as configured by default (the chain validated once, then cached); the full
    /// chain, a verifier whose chain cache is off so that it validates the whole chain on every call (path
    /// building, both certificate signatures, validity at the instant, basic constraints, marker OIDs) while
    /// reusing certificates it has already parsed; for information, one that also re-parses both `x5c`
    /// certificates on every call; and the OpenSSL-only floor of each full-chain workload.
    static func workloads(
        fixtures: CryptoFixtures, reference: OpenSSLReference, chainReference: OpenSSLChainReference
    ) throws -> [Workload] {
        // Sandbox verifiers rooted at the fixtures' authority. A capacity of 0 disables a cache (the certificate
        // capacity also sizes the header cache).
        let roots = [fixtures.authority.root.derRepresentation]
        let bundleId = CryptoFixtures.bundleId
        let now = { @Sendable in CryptoFixtures.signedDate }
        let cached = try SignedDataVerifier(
            rootCertificates: roots, bundleId: bundleId, appAppleId: nil, environment: .sandbox, currentTime: now)
        let fullChain = try SignedDataVerifier(
            rootCertificates: roots, bundleId: bundleId, appAppleId: nil, environment: .sandbox, chainCacheCapacity: 0,
            currentTime: now)
        let reparsed = try SignedDataVerifier(
            rootCertificates: roots, bundleId: bundleId, appAppleId: nil, environment: .sandbox, chainCacheCapacity: 0,
            certificateCacheCapacity: 0, currentTime: now)
        let jws = fixtures.jws
        for verifier in [cached, fullChain, reparsed] {
            let result = verifier.verify(jws, as: JWSTransactionDecodedPayload.self)
            guard result.isVerified else {
                throw BenchmarkError("the benchmark JWS does not verify: \(String(describing: result.failure))")
            }
        }
        return [
            Workload(
                id: WorkloadID.opensslVerify, label: "OpenSSL EVP_DigestVerify (reference)",
                detail: "SHA-256 + ECDSA verification over the same signing input, DER signature",
                kind: .inProcess { precondition(reference.verify(), "EVP_DigestVerify rejected the signature") }),
            Workload(
                id: WorkloadID.verifyCached, label: "SignedDataVerifier.verify, chain cached",
                detail: "parse the JWS, decode the transaction, cached chain, ECDSA, bundle and environment checks",
                kind: .inProcess { verify(jws, with: cached) }),
            Workload(
                id: WorkloadID.verifyFullChain, label: "SignedDataVerifier.verify, full chain",
                detail: "as above, but the whole chain validated each call: path to the root, both certificate "
                    + "signatures, validity, constraints, marker OIDs (certificates already parsed are reused)",
                kind: .inProcess { verify(jws, with: fullChain) }),
            Workload(
                id: WorkloadID.opensslVerifyFullChain, label: "OpenSSL X509_verify_cert + verify",
                detail: "the OpenSSL calls of a full-chain verification and nothing else, certificates parsed once "
                    + "(a floor, for scale)",
                kind: .inProcess { precondition(chainReference.verify(), "the OpenSSL chain reference failed") }),
            Workload(
                id: WorkloadID.verifyFullChainReparsed,
                label: "SignedDataVerifier.verify, full chain, certificates re-parsed each call (info)",
                detail: "as the full chain, plus header JSON and both x5c certificates parsed (d2i_X509) each call",
                kind: .inProcess { verify(jws, with: reparsed) }),
            Workload(
                id: WorkloadID.opensslVerifyFullChainReparsed,
                label: "OpenSSL d2i_X509 ×2 + X509_verify_cert + verify",
                detail: "the OpenSSL calls of the re-parsing full chain and nothing else (a floor, for scale)",
                kind: .inProcess {
                    precondition(chainReference.verifyParsingCertificates(), "the OpenSSL chain reference failed")
                }),
        ]
    }

    private static func verify(_ jws: String, with verifier: SignedDataVerifier) {
        let result = verifier.verify(jws, as: JWSTransactionDecodedPayload.self)
        precondition(result.isVerified, "SignedDataVerifier rejected the benchmark JWS")
    }
}
