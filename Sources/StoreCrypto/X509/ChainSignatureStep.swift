import COpenSSL
import Foundation

/// The signature and validity step of OpenSSL's path validation, with the verification contexts of the
/// certificates' keys reused.
///
/// `X509_verify_cert` builds the path, then checks extensions, basic constraints, key strength, trust and
/// revocation settings, and then calls the context's `verify` function, by default OpenSSL's `internal_verify`:
/// from the trust anchor down, it checks that each issuer may sign certificates, verifies each certificate's
/// signature with the issuer's key, and checks each certificate's validity at the validation instant. Name
/// constraints and policies follow after it. `internal_verify` verifies each signature with `X509_verify`, which
/// on OpenSSL 3.0 creates a digest context, fetches SHA-256 and ECDSA, and creates and initialises a key context
/// for every certificate: about 8 µs of set-up around a 70 µs ECDSA verification.
///
/// This step runs the same checks in the same order and reports the same error codes, depths and certificates
/// through the context's verify callback; it only verifies each signature differently: the digest of the
/// certificate's `tbsCertificate` (``SignedCertificateContents``) and `EVP_PKEY_verify` on a pooled context of the
/// issuer's key (``ECDSAVerifier``), the very calls `X509_verify` ends in. Every signature is verified on every
/// validation; nothing but initialised contexts is reused. The one difference a caller could observe is that the
/// context's "current issuer" is not updated (OpenSSL has no setter for it), which only a verify callback could
/// read, and ``TrustStore`` installs none.
///
/// It takes the path only when every certificate of the built chain is one of ``certificates`` (so its parsed
/// contents and pooled key are known), the chain has a self-issued trust anchor and at least one certificate
/// below it, every signature below the anchor is ECDSA with SHA-256, -384 or -512 by an EC issuer key, the
/// validation instant is set (`X509_STORE_CTX_set_time`), and neither `X509_V_FLAG_PARTIAL_CHAIN` nor
/// `X509_V_FLAG_CHECK_SS_SIGNATURE` is set. Otherwise it hands the context, untouched, to the `verify` function
/// that was installed before it (OpenSSL's own).
final class ChainSignatureStep {
    /// The certificates the step knows: the leaf, the untrusted intermediates and the trusted roots.
    let certificates: [Certificate]
    /// The step it replaces, for the chains it does not take.
    private let openSSLStep: X509_STORE_CTX_verify_fn
    /// Whether the last run verified the signatures itself (for tests).
    private(set) var usedPooledContexts = false

    /// `X509_STORE_CTX` ex_data index 0, reserved by OpenSSL for application data.
    private static let applicationDataIndex: Int32 = 0

    /// Creates the step for one validation; `openSSLStep` is the context's current `verify` function.
    init(certificates: [Certificate], openSSLStep: X509_STORE_CTX_verify_fn) {
        self.certificates = certificates
        self.openSSLStep = openSSLStep
    }

    /// Installs the step on an initialised context; the step must stay alive until `X509_verify_cert` returns.
    /// - Returns: `false` when OpenSSL cannot store the step's address (the context keeps its own step).
    func install(on context: OpaquePointer) -> Bool {
        let address = Unmanaged.passUnretained(self).toOpaque()
        guard X509_STORE_CTX_set_ex_data(context, Self.applicationDataIndex, address) == 1 else {
            _ = OpenSSLErrorQueue.drain()
            return false
        }
        X509_STORE_CTX_set_verify(context, Self.entryPoint)
        return true
    }

    /// The C function OpenSSL calls: finds the step through the context's application data.
    private static let entryPoint: X509_STORE_CTX_verify_fn = { context in
        guard let context, let address = X509_STORE_CTX_get_ex_data(context, applicationDataIndex) else { return -1 }
        return Unmanaged<ChainSignatureStep>.fromOpaque(address).takeUnretainedValue().run(context)
    }

    /// One certificate of the chain and its wrapper.
    private struct Link {
        let pointer: OpaquePointer
        let certificate: Certificate
    }

    private func run(_ context: OpaquePointer) -> Int32 {
        guard let chain = links(of: context) else { return openSSLStep(context) }
        usedPooledContexts = true
        let callback = X509_STORE_CTX_get_verify_cb(context)
        /// `verify_cb_cert`: records the error and asks the callback whether to go on.
        func proceeds(after error: Int32, certificate: OpaquePointer, depth: Int) -> Bool {
            X509_STORE_CTX_set_error_depth(context, Int32(depth))
            X509_STORE_CTX_set_current_cert(context, certificate)
            X509_STORE_CTX_set_error(context, error)
            return (callback?(0, context) ?? 0) != 0
        }
        var depth = chain.count - 1
        var issuer = chain[depth]
        var subject = issuer
        while depth >= 0 {
            if subject.pointer != issuer.pointer {
                if let error = Self.signingError(issuer: issuer.pointer, subject: subject.pointer),
                    !proceeds(after: error, certificate: issuer.pointer, depth: depth + 1)
                {
                    return 0
                }
                if !Self.hasValidSignature(subject.certificate, issuer: issuer.certificate),
                    !proceeds(after: X509_V_ERR_CERT_SIGNATURE_FAILURE, certificate: subject.pointer, depth: depth)
                {
                    return 0
                }
            }
            guard Self.checkTime(of: subject.certificate, in: context, reporting: { error in
                proceeds(after: error, certificate: subject.pointer, depth: depth)
            }) else { return 0 }
            X509_STORE_CTX_set_current_cert(context, subject.pointer)
            X509_STORE_CTX_set_error_depth(context, Int32(depth))
            guard (callback?(1, context) ?? 1) != 0 else { return 0 }
            depth -= 1
            if depth >= 0 {
                issuer = subject
                subject = chain[depth]
            }
        }
        return 1
    }

    /// The built chain, leaf first, when the step takes it; `nil` hands the context to OpenSSL's step.
    private func links(of context: OpaquePointer) -> [Link]? {
        let flags = X509_VERIFY_PARAM_get_flags(X509_STORE_CTX_get0_param(context))
        guard flags & UInt(X509_V_FLAG_PARTIAL_CHAIN | X509_V_FLAG_CHECK_SS_SIGNATURE) == 0,
            flags & UInt(X509_V_FLAG_USE_CHECK_TIME) != 0,
            let stack = X509_STORE_CTX_get0_chain(context), OPENSSL_sk_num(stack) >= 2,
            let checkIssued = X509_STORE_CTX_get_check_issued(context)
        else { return nil }
        var links: [Link] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let raw = OPENSSL_sk_value(stack, index) else { return nil }
            let pointer = OpaquePointer(raw)
            guard let certificate = certificates.first(where: { $0.pointer == pointer }) else { return nil }
            links.append(Link(pointer: pointer, certificate: certificate))
        }
        guard let anchor = links.last, checkIssued(context, anchor.pointer, anchor.pointer) != 0 else { return nil }
        for index in 0..<links.count - 1 {
            guard links[index].certificate.signedContents != nil, links[index + 1].certificate.signatureVerifier != nil
            else { return nil }
        }
        return links
    }

    /// `ossl_x509_signing_allowed`: the issuer's key usage, when present, must allow signing certificates (or
    /// digital signatures, for a proxy certificate).
    private static func signingError(issuer: OpaquePointer, subject: OpaquePointer) -> Int32? {
        let keyUsage = X509_get_key_usage(issuer)
        if X509_get_extension_flags(subject) & UInt32(EXFLAG_PROXY) != 0 {
            return keyUsage & UInt32(KU_DIGITAL_SIGNATURE) == 0 ? X509_V_ERR_KEYUSAGE_NO_DIGITAL_SIGNATURE : nil
        }
        return keyUsage & UInt32(KU_KEY_CERT_SIGN) == 0 ? X509_V_ERR_KEYUSAGE_NO_CERTSIGN : nil
    }

    /// The digest of the subject's `tbsCertificate`, verified with the issuer's pooled key contexts.
    private static func hasValidSignature(_ subject: Certificate, issuer: Certificate) -> Bool {
        guard let contents = subject.signedContents, let verifier = issuer.signatureVerifier else { return false }
        return subject.derRepresentation.withUnsafeBytes { der in
            contents.digest.withDigest(of: UnsafeRawBufferPointer(rebasing: der[contents.tbsRange])) { digest in
                contents.signature.withUnsafeBytes { verifier.isValid(derSignature: $0, digest: digest) }
            }
        }
    }

    /// `ossl_x509_check_cert_time` at a chain depth: `notBefore` and `notAfter` against the context's validation
    /// instant, each problem reported through `report` (which answers whether to go on).
    ///
    /// `X509_cmp_time` builds an `ASN1_TIME` for the instant (formatting it through `BIO_snprintf`) and parses
    /// both times again on every call. For dates in RFC 5280's fixed form it amounts to comparing whole seconds,
    /// read once when the certificate was parsed: `notBefore` later than the instant is "not yet valid",
    /// `notAfter` at or before it "expired". Dates in any other form go to `X509_cmp_time` itself, which rejects
    /// them as malformed fields.
    static func checkTime(of certificate: Certificate, in context: OpaquePointer, reporting report: (Int32) -> Bool)
        -> Bool
    {
        var instant = X509_VERIFY_PARAM_get_time(X509_STORE_CTX_get0_param(context))
        let notBefore: Int32
        let notAfter: Int32
        if certificate.hasFixedFormValidity {
            let seconds = Int64(instant)
            notBefore = certificate.notBefore.wholeSecondsFloor > seconds ? 1 : -1
            notAfter = certificate.notAfter.wholeSecondsFloor > seconds ? 1 : -1
        } else {
            notBefore = X509_cmp_time(X509_get0_notBefore(certificate.pointer), &instant)
            notAfter = X509_cmp_time(X509_get0_notAfter(certificate.pointer), &instant)
        }
        if notBefore == 0, !report(X509_V_ERR_ERROR_IN_CERT_NOT_BEFORE_FIELD) { return false }
        if notBefore > 0, !report(X509_V_ERR_CERT_NOT_YET_VALID) { return false }
        if notAfter == 0, !report(X509_V_ERR_ERROR_IN_CERT_NOT_AFTER_FIELD) { return false }
        if notAfter < 0, !report(X509_V_ERR_CERT_HAS_EXPIRED) { return false }
        return true
    }
}
