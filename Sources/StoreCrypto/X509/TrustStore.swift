import COpenSSL
import StoreModel

/// Trusted root certificates, and X.509 path validation against them at an explicit instant.
///
/// A documented C wrapper: it owns an `X509_STORE` that is filled once in `init` and only read afterwards;
/// OpenSSL supports concurrent verifications against one store, hence `@unchecked Sendable`. Validation never
/// reads the wall clock: the caller always passes the instant.
public final class TrustStore: @unchecked Sendable {
    /// The trusted roots, in the order given.
    public let roots: [Certificate]
    private let store: OpaquePointer

    /// Creates a store trusting `roots`.
    /// - Throws: ``CertificateError/openSSLFailure(operation:details:)`` if OpenSSL cannot build the store.
    public init(roots: [Certificate]) throws(CertificateError) {
        guard let store = X509_STORE_new() else { throw .openSSL("create a certificate store") }
        for root in roots where X509_STORE_add_cert(store, root.pointer) != 1 {
            X509_STORE_free(store)
            throw .openSSL("add a root certificate to the store")
        }
        self.roots = roots
        self.store = store
    }

    deinit {
        X509_STORE_free(store)
    }

    /// Validates `leaf` up to one of the roots, using `intermediates` as untrusted candidates.
    ///
    /// - Parameters:
    ///   - leaf: The end-entity certificate.
    ///   - intermediates: Certificates OpenSSL may use to build the path (never trusted by themselves).
    ///   - instant: The validation instant (`X509_STORE_CTX_set_time`), compared in whole seconds.
    ///   - strict: Whether to add `X509_V_FLAG_X509_STRICT` (RFC 5280 profile checks such as key identifiers).
    /// - Returns: The validated chain, leaf first and trust anchor last.
    /// - Throws: ``CertificateChainError`` describing the first problem OpenSSL found.
    public func validate(leaf: Certificate, intermediates: [Certificate], at instant: Timestamp, strict: Bool = false)
        throws(CertificateChainError) -> [Certificate]
    {
        var usedPooledContexts = false
        return try validate(
            leaf: leaf, intermediates: intermediates, at: instant, strict: strict, signatureStep: .pooled,
            usedPooledContexts: &usedPooledContexts)
    }

    /// How path validation verifies certificate signatures.
    enum SignatureStep {
        /// ``ChainSignatureStep``: the checks of OpenSSL's `internal_verify`, on pooled key contexts.
        case pooled
        /// OpenSSL's `internal_verify` itself (`X509_verify` per certificate), for comparison in tests.
        case openSSL
    }

    /// ``validate(leaf:intermediates:at:strict:)`` with the signature step chosen.
    /// - Parameter usedPooledContexts: Set to whether ``ChainSignatureStep`` verified the signatures itself
    ///   (rather than handing the chain to OpenSSL's step), when path validation got that far.
    func validate(
        leaf: Certificate, intermediates: [Certificate], at instant: Timestamp, strict: Bool,
        signatureStep: SignatureStep, usedPooledContexts: inout Bool
    ) throws(CertificateChainError) -> [Certificate] {
        // X.509 dates have four-digit years, and OpenSSL cannot compare against instants outside them (it reports
        // a malformed date field). Every certificate is not yet valid before year 0 and expired after 9999.
        let seconds = instant.wholeSecondsFloor
        guard seconds >= Self.earliestRepresentableSecond else {
            throw CertificateChainError(code: X509_V_ERR_CERT_NOT_YET_VALID, depth: 0, validationInstant: instant)
        }
        guard seconds <= Self.latestRepresentableSecond else {
            throw CertificateChainError(code: X509_V_ERR_CERT_HAS_EXPIRED, depth: 0, validationInstant: instant)
        }
        guard let context = X509_STORE_CTX_new() else {
            _ = OpenSSLErrorQueue.drain()
            throw CertificateChainError(code: X509_V_ERR_OUT_OF_MEM, depth: 0, validationInstant: instant)
        }
        defer { X509_STORE_CTX_free(context) }
        guard let untrusted = OPENSSL_sk_new_null() else {
            _ = OpenSSLErrorQueue.drain()
            throw CertificateChainError(code: X509_V_ERR_OUT_OF_MEM, depth: 0, validationInstant: instant)
        }
        // The stack borrows the certificates; `OPENSSL_sk_free` frees the stack only.
        defer { OPENSSL_sk_free(untrusted) }
        for certificate in intermediates {
            _ = OPENSSL_sk_push(untrusted, UnsafeRawPointer(certificate.pointer))
        }
        guard X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1 else {
            _ = OpenSSLErrorQueue.drain()
            throw CertificateChainError(code: X509_V_ERR_OUT_OF_MEM, depth: 0, validationInstant: instant)
        }
        X509_STORE_CTX_set_time(context, 0, time_t(seconds))
        if strict {
            X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_X509_STRICT))
        }
        let known = [leaf] + intermediates + roots
        var step: ChainSignatureStep?
        if signatureStep == .pooled, let openSSLStep = X509_STORE_CTX_get_verify(context) {
            step = ChainSignatureStep(certificates: known, openSSLStep: openSSLStep)
            guard step!.install(on: context) else {
                throw CertificateChainError(code: X509_V_ERR_OUT_OF_MEM, depth: 0, validationInstant: instant)
            }
        }
        let verified = withExtendedLifetime(step) { X509_verify_cert(context) == 1 }
        usedPooledContexts = step?.usedPooledContexts ?? false
        guard verified else {
            let code = X509_STORE_CTX_get_error(context)
            let depth = X509_STORE_CTX_get_error_depth(context)
            _ = OpenSSLErrorQueue.drain()
            throw CertificateChainError(
                code: code == X509_V_OK ? X509_V_ERR_UNSPECIFIED : code, depth: Int(max(0, depth)),
                validationInstant: instant)
        }
        return chain(of: context, known: known)
    }

    /// 0000-01-01T00:00:00Z.
    static let earliestRepresentableSecond: Int64 = -62_167_219_200
    /// 9999-12-31T23:59:59Z.
    static let latestRepresentableSecond: Int64 = 253_402_300_799

    /// Maps the `X509` pointers of the built chain back to the wrappers they came from.
    private func chain(of context: OpaquePointer, known: [Certificate]) -> [Certificate] {
        guard let stack = X509_STORE_CTX_get0_chain(context) else { return [] }
        var chain: [Certificate] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let raw = OPENSSL_sk_value(stack, index) else { continue }
            let pointer = OpaquePointer(raw)
            if let certificate = known.first(where: { $0.pointer == pointer }) {
                chain.append(certificate)
            }
        }
        return chain
    }
}
