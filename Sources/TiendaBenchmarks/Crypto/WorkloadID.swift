/// The identifiers of the crypto workloads, shared by the workloads, the goals and the JSON report.
enum WorkloadID {
    static let opensslSign = "openssl.sign"
    static let jwsSignPayload = "jws.sign.payload"
    static let jwsSignValue = "jws.sign.value"
    static let opensslVerify = "openssl.verify"
    static let verifyCached = "jws.verify.cachedChain"
    static let verifyFullChain = "jws.verify.fullChain"
    static let verifyParsedOnce = "jws.verify.chainValidatedCertificatesCached"
    static let opensslVerifyFullChain = "openssl.verifyFullChain"
    static let appleVerify = "apple.python.verify"

    /// Every identifier, in measurement order.
    static let all = [
        opensslSign, jwsSignPayload, jwsSignValue, opensslVerify, verifyCached, verifyFullChain, verifyParsedOnce,
        opensslVerifyFullChain, appleVerify,
    ]
}
