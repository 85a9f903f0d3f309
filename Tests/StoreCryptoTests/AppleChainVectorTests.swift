import Foundation
import StoreCrypto
import StoreModel
import Testing

/// The "Expected outcomes" of `apple-vectors/chain/README.md`, offline.
@Suite struct AppleChainVectorTests {
    /// `EFFECTIVE_DATE` of Apple's tests: 2025-11-01T02:09:35Z.
    static let effectiveDate = Timestamp(milliseconds: 1_761_962_975_000)
    /// The expiry instant of Apple's tests: 2042-04-12T20:20:46Z.
    static let expiredDate = Timestamp(milliseconds: 2_280_946_846_000)
    /// 2023-11-14, before the real Apple leaf's `notBefore`.
    static let beforeAppleLeaf = Timestamp(milliseconds: 1_700_000_000_000)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let trust: String
        let chain: [String]
        let instant: Timestamp
        var strict = false
        /// `nil` = valid.
        let expected: VerificationFailure.Reason?
        let appleStatus: AppleVerificationStatus?

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "1. test chain is valid at EFFECTIVE_DATE", trust: "root.der",
            chain: ["leaf.der", "intermediate.der", "root.der"], instant: effectiveDate, expected: nil, appleStatus: nil),
        Case(
            name: "2. intermediate without its marker OID is rejected", trust: "root.der",
            chain: ["leaf-for-intermediate-invalid-oid.der", "intermediate-invalid-oid.der", "root.der"],
            instant: effectiveDate, expected: .missingIntermediateMarkerOID, appleStatus: .verificationFailure),
        Case(
            name: "2b. Swift's variant: valid leaf under the intermediate without its OID", trust: "root.der",
            chain: ["leaf.der", "intermediate-invalid-oid.der", "root.der"], instant: effectiveDate,
            expected: .missingIntermediateMarkerOID, appleStatus: .verificationFailure),
        Case(
            name: "3. leaf without its marker OID is rejected", trust: "root.der",
            chain: ["leaf-invalid-oid.der", "intermediate.der", "root.der"], instant: effectiveDate,
            expected: .missingLeafMarkerOID, appleStatus: .verificationFailure),
        Case(
            name: "4. two entries is an invalid chain length", trust: "root.der",
            chain: ["intermediate.der", "root.der"], instant: effectiveDate, expected: .chainLength(2),
            appleStatus: .invalidChainLength),
        Case(
            name: "7. test chain under Apple Root CA - G3 is untrusted", trust: "apple-root-ca-g3.der",
            chain: ["leaf.der", "intermediate.der", "root.der"], instant: effectiveDate, expected: .untrustedChain,
            appleStatus: .verificationFailure),
        Case(
            name: "8. test chain is expired in 2042", trust: "root.der",
            chain: ["leaf.der", "intermediate.der", "root.der"], instant: expiredDate,
            expected: .certificateExpired(at: expiredDate), appleStatus: .verificationFailure),
        Case(
            name: "8b. Swift's variant: leaf without OID is expired first", trust: "root.der",
            chain: ["leaf-invalid-oid.der", "intermediate.der", "root.der"], instant: expiredDate,
            expected: .certificateExpired(at: expiredDate), appleStatus: .verificationFailure),
        Case(
            name: "9. real Apple chain is valid offline at EFFECTIVE_DATE", trust: "apple-root-ca-g3.der",
            chain: ["apple-signing-leaf.der", "apple-wwdr-g6.der", "apple-root-ca-g3.der"], instant: effectiveDate,
            expected: nil, appleStatus: nil),
        Case(
            name: "9 strict. real Apple chain meets OpenSSL strict mode", trust: "apple-root-ca-g3.der",
            chain: ["apple-signing-leaf.der", "apple-wwdr-g6.der", "apple-root-ca-g3.der"], instant: effectiveDate,
            strict: true, expected: nil, appleStatus: nil),
        Case(
            name: "9 expired. real Apple chain is expired in 2042", trust: "apple-root-ca-g3.der",
            chain: ["apple-signing-leaf.der", "apple-wwdr-g6.der", "apple-root-ca-g3.der"], instant: expiredDate,
            expected: .certificateExpired(at: expiredDate), appleStatus: .verificationFailure),
        Case(
            name: "9 early. real Apple chain is not yet valid in 2023", trust: "apple-root-ca-g3.der",
            chain: ["apple-signing-leaf.der", "apple-wwdr-g6.der", "apple-root-ca-g3.der"], instant: beforeAppleLeaf,
            expected: .certificateNotYetValid(at: beforeAppleLeaf), appleStatus: .verificationFailure),
        Case(
            name: "test leaf under the real WWDR G6 finds no issuer", trust: "apple-root-ca-g3.der",
            chain: ["leaf.der", "apple-wwdr-g6.der", "apple-root-ca-g3.der"], instant: effectiveDate,
            expected: .untrustedChain, appleStatus: .verificationFailure),
        Case(
            name: "x5c[2] is ignored: the real Apple root as third entry", trust: "root.der",
            chain: ["leaf.der", "intermediate.der", "apple-root-ca-g3.der"], instant: effectiveDate, expected: nil,
            appleStatus: nil),
        Case(
            name: "test chain fails OpenSSL strict mode (no key identifiers)", trust: "root.der",
            chain: ["leaf.der", "intermediate.der", "root.der"], instant: effectiveDate, strict: true,
            expected: .invalidCertificateChain(.strictModeViolation), appleStatus: .verificationFailure),
    ]

    @Test("Apple's chain vectors give the documented outcome", arguments: cases)
    func chainVector(_ vector: Case) throws {
        let verifier = try SignedDataVerifier(
            rootCertificates: [try Fixtures.data("chain/\(vector.trust)")], bundleId: "com.example", appAppleId: 1234,
            environment: .sandbox, strictX509: vector.strict, currentTime: { vector.instant })
        let x5c = try vector.chain.map { StrictBase64.encode(try Fixtures.data("chain/\($0)")) }
        switch Result(catching: { () throws(VerificationFailure) in try verifier.verifyCertificateChain(x5c, at: vector.instant) }) {
        case .success(let key):
            #expect(vector.expected == nil, "accepted, expected \(String(describing: vector.expected))")
            if vector.chain[0] == "leaf.der" {
                #expect(key == (try P256PublicKey(pemRepresentation: try Fixtures.text("chain/leaf-public-key.pem"))))
            }
        case .failure(let failure):
            #expect(failure.reason == vector.expected, "\(failure)")
            #expect(failure.appleVerificationStatus == vector.appleStatus)
        }
    }

    @Test("5. an x5c leaf that is not a certificate is an invalid certificate", arguments: [
        ("abc", VerificationFailure.Reason.certificateNotBase64(index: 0)),
        (StrictBase64.encode(Data("not a certificate".utf8)), .certificateNotDER(index: 0)),
    ])
    func leafNotACertificate(leaf: String, expected: VerificationFailure.Reason) throws {
        let verifier = try SignedDataVerifier(
            rootCertificates: [try Fixtures.data("chain/root.der")], bundleId: "com.example", appAppleId: nil,
            environment: .sandbox, currentTime: { Self.effectiveDate })
        let rest = try ["intermediate.der", "root.der"].map { StrictBase64.encode(try Fixtures.data("chain/\($0)")) }
        #expect(throws: VerificationFailure(expected)) {
            try verifier.verifyCertificateChain([leaf] + rest, at: Self.effectiveDate)
        }
        #expect(VerificationFailure(expected).appleVerificationStatus == .invalidCertificate)
    }

    @Test func sixRootThatIsNotACertificateIsAConfigurationError() {
        #expect(throws: VerifierConfigurationError.invalidRootCertificate(index: 1)) {
            try SignedDataVerifier(
                rootCertificates: [try Fixtures.data("chain/root.der"), Data("abc".utf8)], bundleId: "com.example",
                appAppleId: nil, environment: .sandbox, currentTime: { Self.effectiveDate })
        }
    }
}
