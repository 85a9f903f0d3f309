import StoreModel

extension SignedDataVerifier {
    /// The App Store marker on the signing leaf.
    static let leafMarker = ExtensionObject(CertificateExtension.appStoreLeafMarkerOID)
    /// The WWDR marker on the intermediate.
    static let intermediateMarker = ExtensionObject(CertificateExtension.appStoreIntermediateMarkerOID)

    /// Header, chain and signature checks (pipeline steps 4–7); `nil` when all pass.
    func signatureFailure(of jws: CompactJWS, validatingAt instant: Timestamp) -> VerificationFailure? {
        guard let algorithm = jws.header.alg else { return VerificationFailure(.missingAlgorithm) }
        guard algorithm == "ES256" else { return VerificationFailure(.unsupportedAlgorithm(algorithm)) }
        guard let x5c = jws.header.x5c, !x5c.isEmpty else { return VerificationFailure(.missingX5C) }
        guard x5c.count == 3 else { return VerificationFailure(.chainLength(x5c.count)) }
        let leafKey: P256PublicKey
        switch validatedLeafKey(leaf: x5c[0], intermediate: x5c[1], at: instant) {
        case .success(let key): leafKey = key
        case .failure(let failure): return failure
        }
        guard jws.signature.count == ES256Signature.rawByteCount else {
            return VerificationFailure(.signatureNotRaw64Bytes(jws.signature.count))
        }
        guard jws.hasValidES256Signature(from: leafKey) else { return VerificationFailure(.invalidSignature) }
        return nil
    }

    /// Runs the chain checks alone (pipeline steps 4–6 without `alg`) on an `x5c` value: exactly three entries,
    /// strict base64 DER for the first two, a path to a configured root at `instant`, the marker OIDs and a P-256
    /// leaf key. Results are cached like those of ``verify(_:as:)-(String,_)``.
    /// - Returns: The leaf's public key.
    /// - Throws: The ``VerificationFailure`` of the first failed check.
    public func verifyCertificateChain(_ x5c: [String], at instant: Timestamp) throws(VerificationFailure)
        -> P256PublicKey
    {
        guard !x5c.isEmpty else { throw VerificationFailure(.missingX5C) }
        guard x5c.count == 3 else { throw VerificationFailure(.chainLength(x5c.count)) }
        return try validatedLeafKey(leaf: x5c[0], intermediate: x5c[1], at: instant).get()
    }

    /// The leaf key of a chain valid at `instant`, from the cache or from a fresh validation.
    func validatedLeafKey(leaf: String, intermediate: String, at instant: Timestamp)
        -> Result<P256PublicKey, VerificationFailure>
    {
        let key = VerifiedChainCache.Key(leaf: leaf, intermediate: intermediate)
        if let cached = chainCache.entry(for: key, at: instant) { return .success(cached.leafKey) }
        return validateChain(leaf: leaf, intermediate: intermediate, at: instant).map { entry in
            chainCache.insert(entry, for: key)
            return entry.leafKey
        }
    }

    private func validateChain(leaf: String, intermediate: String, at instant: Timestamp)
        -> Result<VerifiedChainCache.Entry, VerificationFailure>
    {
        let leafText = CertificateText(leaf)
        let intermediateText = CertificateText(intermediate)
        let leafLookup: CertificateLookup
        let intermediateLookup: CertificateLookup
        switch (certificate(x5cEntry: leafText, index: 0), certificate(x5cEntry: intermediateText, index: 1)) {
        case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
        case (.success(let leaf), .success(let intermediate)):
            leafLookup = leaf
            intermediateLookup = intermediate
        }
        let certificates = [leafLookup.certificate, intermediateLookup.certificate]
        let chain: [Certificate]
        do {
            chain = try trustStore.validate(
                leaf: certificates[0], intermediates: [certificates[1]], at: instant, strict: strictX509)
        } catch {
            return .failure(VerificationFailure(chainError: error))
        }
        guard chain.count == 3 else {
            return .failure(VerificationFailure(.unexpectedCertificatePath(length: chain.count)))
        }
        guard Self.leafMarker.isPresent(in: chain[0]) else {
            return .failure(VerificationFailure(.missingLeafMarkerOID))
        }
        guard Self.intermediateMarker.isPresent(in: chain[1]) else {
            return .failure(VerificationFailure(.missingIntermediateMarkerOID))
        }
        guard let leafKey = try? chain[0].p256PublicKey() else {
            return .failure(VerificationFailure(.leafKeyNotP256))
        }
        // Only certificates of a chain that validated are kept, so junk chains cannot evict them.
        if !leafLookup.wasCached { certificateCache.insert(leafLookup.certificate, for: leafText) }
        if !intermediateLookup.wasCached {
            certificateCache.insert(intermediateLookup.certificate, for: intermediateText)
        }
        let start = chain.map(\.validSeconds.lowerBound).max()!
        let end = chain.map(\.validSeconds.upperBound).min()!
        return .success(VerifiedChainCache.Entry(leafKey: leafKey, root: chain[2], validity: start..<max(start, end)))
    }
}

extension SignedDataVerifier {
    /// A certificate found for an `x5c` entry, and whether it came from the cache.
    private struct CertificateLookup {
        let certificate: Certificate
        let wasCached: Bool
    }

    /// The certificate an `x5c` entry encodes, from the cache of certificates seen in valid chains or parsed now.
    private func certificate(x5cEntry encoded: CertificateText, index: Int)
        -> Result<CertificateLookup, VerificationFailure>
    {
        if let cached = certificateCache.value(for: encoded) {
            return .success(CertificateLookup(certificate: cached, wasCached: true))
        }
        guard let der = try? StrictBase64.decode(encoded.text) else {
            return .failure(VerificationFailure(.certificateNotBase64(index: index)))
        }
        guard let certificate = try? Certificate(derRepresentation: der) else {
            return .failure(VerificationFailure(.certificateNotDER(index: index)))
        }
        return .success(CertificateLookup(certificate: certificate, wasCached: false))
    }
}

extension VerificationFailure {
    /// The verification failure for an OpenSSL path-validation error.
    init(chainError error: CertificateChainError) {
        switch error.reason {
        case .expired: self.init(.certificateExpired(at: error.validationInstant), detail: error.description)
        case .notYetValid: self.init(.certificateNotYetValid(at: error.validationInstant), detail: error.description)
        case .untrusted: self.init(.untrustedChain, detail: error.description)
        default: self.init(.invalidCertificateChain(error.reason), detail: error.description)
        }
    }
}
