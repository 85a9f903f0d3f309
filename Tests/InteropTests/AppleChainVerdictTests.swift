import Foundation
import StoreCrypto
import StoreModel
import Testing

/// On every certificate-chain vector of Apple's tests (`apple-vectors/chain`), at the instants those tests use,
/// Tienda's chain validation returns Apple's verdict, strict X.509 off and on.
@Suite(.enabled(if: AppleOracle.isAvailable, "Apple's Python library is not installed (make venv)"))
struct AppleChainVerdictTests {
    /// A chain (files in `chain/`, or `text:` for something that is not a certificate), its trust and instant.
    struct Case: CustomStringConvertible {
        var trust: String
        var chain: [String]
        var seconds: Int64

        var description: String { "\(chain.joined(separator: " → ")) under \(trust) at \(seconds)" }
    }

    static let effectiveDate: Int64 = 1_761_962_975
    static let expiredDate: Int64 = 2_280_946_846
    static let apple = ["apple-signing-leaf.der", "apple-wwdr-g6.der", "apple-root-ca-g3.der"]
    static let test = ["leaf.der", "intermediate.der", "root.der"]

    static let cases: [Case] = [
        Case(trust: "root.der", chain: test, seconds: effectiveDate),
        Case(trust: "root.der", chain: ["leaf-for-intermediate-invalid-oid.der", "intermediate-invalid-oid.der", "root.der"], seconds: effectiveDate),
        Case(trust: "root.der", chain: ["leaf.der", "intermediate-invalid-oid.der", "root.der"], seconds: effectiveDate),
        Case(trust: "root.der", chain: ["leaf-invalid-oid.der", "intermediate.der", "root.der"], seconds: effectiveDate),
        Case(trust: "root.der", chain: ["intermediate.der", "root.der"], seconds: effectiveDate),
        Case(trust: "root.der", chain: ["text:abc", "intermediate.der", "root.der"], seconds: effectiveDate),
        Case(trust: "apple-root-ca-g3.der", chain: test, seconds: effectiveDate),
        Case(trust: "root.der", chain: test, seconds: expiredDate),
        Case(trust: "root.der", chain: ["leaf-invalid-oid.der", "intermediate.der", "root.der"], seconds: expiredDate),
        Case(trust: "root.der", chain: ["leaf.der", "intermediate.der", "apple-root-ca-g3.der"], seconds: effectiveDate),
        Case(trust: "apple-root-ca-g3.der", chain: apple, seconds: effectiveDate),
        Case(trust: "apple-root-ca-g3.der", chain: apple, seconds: expiredDate),
        Case(trust: "apple-root-ca-g3.der", chain: apple, seconds: 1_700_000_000),
        Case(trust: "apple-root-ca-g3.der", chain: ["leaf.der", "apple-wwdr-g6.der", "apple-root-ca-g3.der"], seconds: effectiveDate),
    ]

    static func x5c(_ chain: [String]) throws -> [String] {
        try chain.map { entry in
            entry.hasPrefix("text:")
                ? String(entry.dropFirst(5)) : try InteropFixtures.vector("chain/\(entry)").base64EncodedString()
        }
    }

    static func ourStatus(_ testCase: Case, strict: Bool) throws -> String {
        let verifier = try SignedDataVerifier(
            rootCertificates: [try InteropFixtures.vector("chain/\(testCase.trust)")], bundleId: "chain.check",
            appAppleId: nil, environment: .sandbox, strictX509: strict, currentTime: { Timestamp(Date()) })
        let certificates = try x5c(testCase.chain)
        do {
            _ = try verifier.verifyCertificateChain(certificates, at: Timestamp(milliseconds: testCase.seconds * 1000))
            return "OK"
        } catch {
            return error.appleVerificationStatus.pythonName
        }
    }

    static func appleRequest(_ testCase: Case, strict: Bool) throws -> [String: Any] {
        return [
            "roots": [try InteropFixtures.vector("chain/\(testCase.trust)").base64EncodedString()], "strict": strict,
            "cases": [["certificates": try x5c(testCase.chain), "effectiveDate": testCase.seconds]],
        ]
    }

    /// Apple's verdict on every case, strict off then strict on, from one run of the oracle.
    static let appleStatuses: Result<[Bool: [String]], any Error> = Result {
        let requests = try [false, true].flatMap { strict in
            try cases.map { (mode: "chain", request: try appleRequest($0, strict: strict)) }
        }
        let statuses = try AppleOracle.firstStatuses(requests)
        return [false: Array(statuses.prefix(cases.count)), true: Array(statuses.suffix(cases.count))]
    }

    static func appleStatus(_ testCase: Case, strict: Bool) throws -> String {
        let index = try #require(cases.firstIndex { $0.description == testCase.description })
        return try #require(try appleStatuses.get()[strict])[index]
    }

    @Test(arguments: cases, [false, true])
    func ourChainVerdictIsApples(_ testCase: Case, strict: Bool) throws {
        #expect(try Self.ourStatus(testCase, strict: strict) == (try Self.appleStatus(testCase, strict: strict)))
    }

    @Test func theRealAppleChainIsValidOfflineAtItsEffectiveDateOnly() throws {
        let statuses = try Self.cases.suffix(4).map { try Self.ourStatus($0, strict: true) }
        #expect(statuses == ["OK", "VERIFICATION_FAILURE", "VERIFICATION_FAILURE", "VERIFICATION_FAILURE"])
    }

    @Test func aRootThatIsNotACertificateIsRefusedAtConfiguration() {
        #expect(throws: VerifierConfigurationError.self) {
            try SignedDataVerifier(
                rootCertificates: [Data("abc".utf8)], bundleId: "chain.check", appAppleId: nil, environment: .sandbox,
                currentTime: { Timestamp(Date()) })
        }
    }
}
