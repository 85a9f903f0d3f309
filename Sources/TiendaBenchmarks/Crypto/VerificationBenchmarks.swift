import StoreCrypto
import StoreModel

/// ES256 verification: OpenSSL's one-shot `EVP_DigestVerify` (the reference) against Tienda's
/// `SignedDataVerifier` with its caches on and off, plus OpenSSL's own full-chain cost for scale.
enum VerificationBenchmarks {
    /// The reference; the verifier as configured by default (the chain validated once, then cached); a verifier
    /// with every cache disabled, which decodes the header, parses both `x5c` certificates and validates the chain
    /// on every call; one that validates the chain every call but keeps parsed certificates (for information: it
    /// separates certificate parsing from path validation); and the OpenSSL-only full-chain floor.
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
            certificateCacheCapacity: 0, currentTime: now)
        let parsedOnce = try SignedDataVerifier(
            rootCertificates: roots, bundleId: bundleId, appAppleId: nil, environment: .sandbox, chainCacheCapacity: 0,
            currentTime: now)
        let jws = fixtures.jws
        for verifier in [cached, fullChain, parsedOnce] {
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
                detail: "as above, plus header JSON, two x5c certificates parsed and the chain validated each time",
                kind: .inProcess { verify(jws, with: fullChain) }),
            Workload(
                id: WorkloadID.verifyParsedOnce, label: "SignedDataVerifier.verify, chain validated, certs cached",
                detail: "chain cache off, certificate cache on: the chain is validated each time, never re-parsed",
                kind: .inProcess { verify(jws, with: parsedOnce) }),
            Workload(
                id: WorkloadID.opensslVerifyFullChain, label: "OpenSSL d2i_X509 ×2 + X509_verify_cert + verify",
                detail: "the OpenSSL calls of a full-chain verification and nothing else (a floor, for scale)",
                kind: .inProcess { precondition(chainReference.verify(), "the OpenSSL chain reference failed") }),
        ]
    }

    private static func verify(_ jws: String, with verifier: SignedDataVerifier) {
        let result = verifier.verify(jws, as: JWSTransactionDecodedPayload.self)
        precondition(result.isVerified, "SignedDataVerifier rejected the benchmark JWS")
    }
}
