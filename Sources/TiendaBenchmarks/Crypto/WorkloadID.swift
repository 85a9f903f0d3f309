/// The identifiers of the crypto workloads, shared by the workloads, the goals and the JSON report.
enum WorkloadID {
    static let opensslSign = "openssl.sign"
    static let jwsSignPayload = "jws.sign.payload"
    static let jwsSignValue = "jws.sign.value"
    static let opensslVerify = "openssl.verify"
    static let verifyCached = "jws.verify.cachedChain"
    /// The full chain validated on every call; certificates already parsed are reused (the goal's workload).
    static let verifyFullChain = "jws.verify.fullChain"
    /// The OpenSSL calls of ``verifyFullChain`` alone, certificates parsed once (a floor, for scale).
    static let opensslVerifyFullChain = "openssl.verifyFullChain"
    /// As ``verifyFullChain``, and both `x5c` certificates re-parsed on every call (information).
    static let verifyFullChainReparsed = "jws.verify.fullChainReparsed"
    /// The OpenSSL calls of ``verifyFullChainReparsed`` alone (a floor, for scale).
    static let opensslVerifyFullChainReparsed = "openssl.verifyFullChainReparsed"
    static let appleVerify = "apple.python.verify"

    /// Every identifier, in measurement order.
    static let all = [
        opensslSign, jwsSignPayload, jwsSignValue, opensslVerify, verifyCached, verifyFullChain, opensslVerifyFullChain,
        verifyFullChainReparsed, opensslVerifyFullChainReparsed, appleVerify,
    ]
}
