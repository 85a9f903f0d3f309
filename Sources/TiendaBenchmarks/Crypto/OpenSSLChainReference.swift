import COpenSSL
import Foundation

/// The references for full-chain verification: what a C program does to verify a JWS whose certificates arrive
/// with it, using OpenSSL alone.
///
/// Each call validates the path from the leaf through the intermediate to the trusted root with
/// `X509_verify_cert` at a fixed instant (a fresh `X509_STORE_CTX` each time), then verifies the signature over the
/// signing input with `EVP_DigestVerify` and the leaf's key. ``verify()`` uses the leaf and intermediate parsed
/// once; ``verifyParsingCertificates()`` first parses both with `d2i_X509`, as a program without a parse cache
/// would. Neither does any of the JWS work (no base64, no JSON, no marker OIDs), so they are floors for the
/// verifier, not competitors: their ratios to a bare `EVP_DigestVerify` show what the installed OpenSSL costs.
final class OpenSSLChainReference {
    private let leafDER: [UInt8]
    private let intermediateDER: [UInt8]
    private let message: [UInt8]
    private let signature: [UInt8]
    private let validationTime: time_t
    private let store: OpaquePointer
    private let leaf: OpaquePointer
    private let intermediate: OpaquePointer
    private let verificationContext: OpaquePointer

    /// - Parameters:
    ///   - root: The trusted root, DER.
    ///   - leaf: The signing certificate, DER.
    ///   - intermediate: The intermediate CA, DER.
    ///   - message: The signed bytes; `signature` is a DER ECDSA signature of them by the leaf's key.
    ///   - validationTime: Seconds since 1970 at which the chain is validated.
    init(root: Data, leaf: Data, intermediate: Data, message: [UInt8], signature: [UInt8], validationTime: Int64)
        throws
    {
        guard let rootCertificate = Self.parse(Array(root)), let store = X509_STORE_new(),
            X509_STORE_add_cert(store, rootCertificate) == 1, let context = EVP_MD_CTX_new(),
            let leafCertificate = Self.parse(Array(leaf)), let intermediateCertificate = Self.parse(Array(intermediate))
        else {
            throw BenchmarkError("OpenSSL cannot build the reference trust store")
        }
        X509_free(rootCertificate)
        self.store = store
        verificationContext = context
        self.leaf = leafCertificate
        self.intermediate = intermediateCertificate
        leafDER = Array(leaf)
        intermediateDER = Array(intermediate)
        self.message = message
        self.signature = signature
        self.validationTime = time_t(validationTime)
        guard verify(), verifyParsingCertificates() else {
            throw BenchmarkError("the OpenSSL chain reference rejects the benchmark chain")
        }
    }

    deinit {
        X509_free(leaf)
        X509_free(intermediate)
        X509_STORE_free(store)
        EVP_MD_CTX_free(verificationContext)
    }

    /// Validates the chain of the certificates parsed at initialisation and verifies the signature; returns whether
    /// both succeeded.
    func verify() -> Bool {
        verify(leaf: leaf, intermediate: intermediate)
    }

    /// Parses both certificates, validates the chain and verifies the signature; returns whether all succeeded.
    func verifyParsingCertificates() -> Bool {
        guard let leafCertificate = Self.parse(leafDER) else { return false }
        defer { X509_free(leafCertificate) }
        guard let intermediateCertificate = Self.parse(intermediateDER) else { return false }
        defer { X509_free(intermediateCertificate) }
        return verify(leaf: leafCertificate, intermediate: intermediateCertificate)
    }

    private func verify(leaf: OpaquePointer, intermediate: OpaquePointer) -> Bool {
        guard let untrusted = OPENSSL_sk_new_null(), let context = X509_STORE_CTX_new() else { return false }
        defer {
            X509_STORE_CTX_free(context)
            OPENSSL_sk_free(untrusted)
        }
        OPENSSL_sk_push(untrusted, UnsafeRawPointer(intermediate))
        guard X509_STORE_CTX_init(context, store, leaf, untrusted) == 1 else { return false }
        X509_STORE_CTX_set_time(context, 0, validationTime)
        guard X509_verify_cert(context) == 1,
            EVP_DigestVerifyInit(verificationContext, nil, EVP_sha256(), nil, X509_get0_pubkey(leaf)) == 1
        else { return false }
        return EVP_DigestVerify(verificationContext, signature, signature.count, message, message.count) == 1
    }

    private static func parse(_ der: [UInt8]) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
    }
}
