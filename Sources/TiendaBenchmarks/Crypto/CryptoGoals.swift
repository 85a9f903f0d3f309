/// A ratio between two measured rates, with the minimum it must reach when it is a goal.
struct RatioGoal: Sendable {
    /// A stable identifier for the JSON report.
    let id: String
    /// What is compared, as printed.
    let label: String
    let numerator: String
    let denominator: String
    /// The minimum ratio; `nil` for a ratio reported for information only.
    let minimum: Double?
}

/// The crypto goals: Tienda's ES256 code against raw OpenSSL and against Apple's Python verifier.
enum CryptoGoals {
    static let all: [RatioGoal] = [
        RatioGoal(
            id: "sign", label: "JWS sign / raw OpenSSL sign", numerator: WorkloadID.jwsSignPayload,
            denominator: WorkloadID.opensslSign, minimum: 0.8),
        RatioGoal(
            id: "signWithEncoding", label: "JWS sign incl. JSONEncoder / raw OpenSSL sign",
            numerator: WorkloadID.jwsSignValue, denominator: WorkloadID.opensslSign, minimum: nil),
        RatioGoal(
            id: "verifyCachedChain", label: "verify, chain cached / raw OpenSSL verify",
            numerator: WorkloadID.verifyCached, denominator: WorkloadID.opensslVerify, minimum: 0.8),
        RatioGoal(
            id: "verifyFullChain", label: "verify, full chain / raw OpenSSL verify",
            numerator: WorkloadID.verifyFullChain, denominator: WorkloadID.opensslVerify, minimum: 0.28),
        RatioGoal(
            id: "opensslFullChain", label: "OpenSSL-only full chain / raw OpenSSL verify",
            numerator: WorkloadID.opensslVerifyFullChain, denominator: WorkloadID.opensslVerify, minimum: nil),
        RatioGoal(
            id: "verifyFullChainVersusOpenSSLFullChain", label: "verify, full chain / OpenSSL-only full chain",
            numerator: WorkloadID.verifyFullChain, denominator: WorkloadID.opensslVerifyFullChain, minimum: nil),
        RatioGoal(
            id: "verifyFullChainReparsed", label: "verify, full chain, certs re-parsed / raw verify",
            numerator: WorkloadID.verifyFullChainReparsed, denominator: WorkloadID.opensslVerify, minimum: nil),
        RatioGoal(
            id: "opensslFullChainReparsed", label: "OpenSSL-only, certs re-parsed / raw verify",
            numerator: WorkloadID.opensslVerifyFullChainReparsed, denominator: WorkloadID.opensslVerify, minimum: nil),
        RatioGoal(
            id: "verifyFullChainReparsedVersusOpenSSL", label: "verify, certs re-parsed / OpenSSL-only, re-parsed",
            numerator: WorkloadID.verifyFullChainReparsed, denominator: WorkloadID.opensslVerifyFullChainReparsed,
            minimum: nil),
        RatioGoal(
            id: "verifyCachedChainVersusApple", label: "verify, chain cached / Apple Python verifier",
            numerator: WorkloadID.verifyCached, denominator: WorkloadID.appleVerify, minimum: 15),
        RatioGoal(
            id: "verifyFullChainVersusApple", label: "verify, full chain / Apple Python verifier",
            numerator: WorkloadID.verifyFullChain, denominator: WorkloadID.appleVerify, minimum: nil),
    ]
}
