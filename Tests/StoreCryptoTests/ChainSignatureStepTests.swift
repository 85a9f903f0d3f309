import COpenSSL
import Foundation
import StoreModel
import Testing

@testable import StoreCrypto

/// ``ChainSignatureStep`` must reach exactly the verdict of OpenSSL's own `internal_verify` (same success, same
/// error code, same depth) on every chain, and must actually verify App Store-shaped chains itself.
@Suite struct ChainSignatureStepTests {
    /// A chain to validate both ways.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let roots: [Certificate]
        let leaf: Certificate
        let intermediate: Certificate
        let instant: Timestamp
        var strict = false

        var testDescription: String { name }
    }

    /// What a validation ended in.
    enum Outcome: Equatable {
        case valid(chainLength: Int)
        case invalid(code: Int32, depth: Int)
    }

    /// The outcome of validating `scenario` with `step`, and whether the pooled step verified the signatures.
    static func outcome(_ scenario: Scenario, _ step: TrustStore.SignatureStep) throws -> (Outcome, Bool) {
        let store = try TrustStore(roots: scenario.roots)
        var usedPooledContexts = false
        do {
            let chain = try store.validate(
                leaf: scenario.leaf, intermediates: [scenario.intermediate], at: scenario.instant,
                strict: scenario.strict, signatureStep: step, usedPooledContexts: &usedPooledContexts)
            return (.valid(chainLength: chain.count), usedPooledContexts)
        } catch {
            return (.invalid(code: error.code, depth: error.depth), usedPooledContexts)
        }
    }

    static let scenarios: [Scenario] = {
        do {
            return try testPKIScenarios() + appleScenarios() + tamperedScenarios()
        } catch {
            fatalError("scenarios: \(error)")
        }
    }()

    private static func certificate(_ x5cEntry: String) throws -> Certificate {
        try Certificate(derRepresentation: try StrictBase64.decode(x5cEntry))
    }

    private static func testPKIScenarios() throws -> [Scenario] {
        let authority = TestPKI.authority
        let reference = TestPKI.referenceTime
        var scenarios: [Scenario] = []
        let instants: [(String, Timestamp)] = [
            ("at the reference time", reference), ("before the root is valid", Timestamp(milliseconds: 0)),
            ("after every certificate expired", Timestamp(milliseconds: 4_000_000_000_000)),
        ]
        for (label, instant) in instants {
            for strict in [false, true] {
                scenarios.append(
                    Scenario(
                        name: "authority chain \(label)\(strict ? ", strict" : "")", roots: [authority.root],
                        leaf: authority.leaf, intermediate: authority.intermediate, instant: instant, strict: strict))
            }
        }
        scenarios.append(
            Scenario(
                name: "authority chain under another root", roots: [TestPKI.otherAuthority.root], leaf: authority.leaf,
                intermediate: authority.intermediate, instant: reference))
        let custom: [(String, TestPKI.CustomChain)] = [
            ("leaf expired", .init(leafValidity: TestPKI.validFrom...reference.adding(milliseconds: -1000))),
            ("leaf not yet valid", .init(leafValidity: reference.adding(milliseconds: 1000)...TestPKI.validUntil)),
            ("leaf signed by an unrelated key", .init(leafSignedByUnrelatedKey: true)),
            ("intermediate not a CA", .init(intermediateIsCA: false)),
            ("P-384 leaf", .init(leafSubjectPublicKeyInfo: TestPKI.foreignCurvePublicKey())),
        ]
        for (name, chain) in custom {
            let x5c = try chain.build().x5c
            scenarios.append(
                Scenario(
                    name: name, roots: [authority.root], leaf: try certificate(x5c[0]),
                    intermediate: try certificate(x5c[1]), instant: reference))
        }
        return scenarios
    }

    private static func appleScenarios() throws -> [Scenario] {
        func chain(_ file: String) throws -> Certificate {
            try Certificate(derRepresentation: try Fixtures.data("chain/\(file)"))
        }
        let testRoot = try chain("root.der")
        let appleRoot = try chain("apple-root-ca-g3.der")
        let effective = AppleChainVectorTests.effectiveDate
        var scenarios: [Scenario] = []
        for strict in [false, true] {
            for instant in [effective, AppleChainVectorTests.expiredDate, AppleChainVectorTests.beforeAppleLeaf] {
                scenarios.append(
                    Scenario(
                        name: "Apple test chain at \(instant.milliseconds)\(strict ? ", strict" : "")", roots: [testRoot],
                        leaf: try chain("leaf.der"), intermediate: try chain("intermediate.der"), instant: instant,
                        strict: strict))
                scenarios.append(
                    Scenario(
                        name: "real Apple chain at \(instant.milliseconds)\(strict ? ", strict" : "")",
                        roots: [appleRoot], leaf: try chain("apple-signing-leaf.der"),
                        intermediate: try chain("apple-wwdr-g6.der"), instant: instant, strict: strict))
            }
        }
        scenarios.append(
            Scenario(
                name: "test leaf under the real WWDR G6", roots: [appleRoot], leaf: try chain("leaf.der"),
                intermediate: try chain("apple-wwdr-g6.der"), instant: effective))
        scenarios.append(
            Scenario(
                name: "Apple test chain under both roots", roots: [appleRoot, testRoot], leaf: try chain("leaf.der"),
                intermediate: try chain("intermediate.der"), instant: effective))
        return scenarios
    }

    /// Certificates whose signature bytes were altered after signing.
    private static func tamperedScenarios() throws -> [Scenario] {
        let authority = TestPKI.authority
        let reference = TestPKI.referenceTime
        let leaf = authority.leaf.derRepresentation
        let intermediate = authority.intermediate.derRepresentation
        return [
            Scenario(
                name: "intermediate signature altered", roots: [authority.root], leaf: authority.leaf,
                intermediate: try Certificate(derRepresentation: flippingLastByte(of: intermediate)), instant: reference),
            Scenario(
                name: "leaf signature altered", roots: [authority.root],
                leaf: try Certificate(derRepresentation: flippingLastByte(of: leaf)),
                intermediate: authority.intermediate, instant: reference),
            Scenario(
                name: "leaf signature BIT STRING with an unused bit", roots: [authority.root],
                leaf: try Certificate(derRepresentation: settingUnusedBits(of: leaf)),
                intermediate: authority.intermediate, instant: reference),
        ]
    }

    /// The last byte of a certificate is the last byte of the signature's `s`.
    private static func flippingLastByte(of der: Data) -> Data {
        var altered = der
        altered[altered.count - 1] ^= 0x01
        return altered
    }

    /// Sets the "unused bits" octet of the signatureValue BIT STRING to 1 (the signature itself is unchanged).
    private static func settingUnusedBits(of der: Data) throws -> Data {
        var altered = der
        let bytes = [UInt8](der)
        // signatureValue is the last element: BIT STRING, short-form length, unused-bits octet, ECDSA-Sig-Value.
        guard let start = bytes.indices.last(where: { index in
            index + 2 < bytes.count && bytes[index] == 0x03 && Int(bytes[index + 1]) == bytes.count - index - 2
        }) else { throw CertificateError.notDER }
        altered[start + 2] = 0x01
        return altered
    }

    @Test("The pooled step reaches OpenSSL's verdict", arguments: scenarios)
    func pooledStepMatchesOpenSSL(_ scenario: Scenario) throws {
        let (pooled, _) = try Self.outcome(scenario, .pooled)
        let (openSSL, usedPooled) = try Self.outcome(scenario, .openSSL)
        #expect(pooled == openSSL)
        #expect(!usedPooled)
    }

    @Test func appStoreShapedChainsAreVerifiedOnPooledContexts() throws {
        let effective = AppleChainVectorTests.effectiveDate.milliseconds
        let valid = Self.scenarios.filter {
            $0.name == "authority chain at the reference time" || $0.name.hasPrefix("real Apple chain at \(effective)")
        }
        #expect(valid.count == 3)
        for scenario in valid {
            let (outcome, usedPooled) = try Self.outcome(scenario, .pooled)
            #expect(outcome == .valid(chainLength: 3), "\(scenario.name)")
            #expect(usedPooled, "\(scenario.name)")
        }
    }

    @Test func aChainThePooledStepDoesNotTakeIsLeftToOpenSSL() throws {
        let scenario = try #require(Self.scenarios.first { $0.name == "leaf signature BIT STRING with an unused bit" })
        #expect(scenario.leaf.signedContents == nil)
        let (outcome, usedPooled) = try Self.outcome(scenario, .pooled)
        #expect(outcome == .invalid(code: X509_V_ERR_CERT_SIGNATURE_FAILURE, depth: 0))
        #expect(!usedPooled)
    }

    @Test("The signed contents are the tbsCertificate OpenSSL re-encodes", arguments: [
        "root.der", "intermediate.der", "leaf.der", "apple-root-ca-g3.der", "apple-wwdr-g6.der", "apple-signing-leaf.der",
    ])
    func signedContentsMatchOpenSSL(file: String) throws {
        let der = try Fixtures.data("chain/\(file)")
        let certificate = try Certificate(derRepresentation: der)
        let contents = try #require(certificate.signedContents)
        // A separate parse: `i2d_re_X509_tbs` marks the cached encoding as modified.
        let parsed = try #require(DERBytes.decode(der, free: { X509_free($0) }, { d2i_X509(nil, $0, $1) }))
        defer { X509_free(parsed) }
        let reencoded = try #require(DERBytes.encode { i2d_re_X509_tbs(parsed, $0) })
        #expect(der[contents.tbsRange] == reencoded)
    }
}

extension ChainSignatureStepTests {
    @Test("An altered certificate signature is caught on pooled contexts", arguments: [
        ("intermediate signature altered", 1), ("leaf signature altered", 0),
    ])
    func alteredSignaturesAreCaughtOnPooledContexts(name: String, depth: Int) throws {
        let scenario = try #require(Self.scenarios.first { $0.name == name })
        let (outcome, usedPooled) = try Self.outcome(scenario, .pooled)
        #expect(outcome == .invalid(code: X509_V_ERR_CERT_SIGNATURE_FAILURE, depth: depth))
        #expect(usedPooled)
    }
}

extension ChainSignatureStepTests {
    /// Every certificate the scenarios use, once.
    static var certificates: [Certificate] {
        var seen: Set<Data> = []
        return scenarios.flatMap { $0.roots + [$0.intermediate, $0.leaf] }.filter { seen.insert($0.derRepresentation).inserted }
    }

    @Test func fixedFormDatesCompareAsX509CmpTimeCompares() throws {
        let certificates = Self.certificates
        #expect(certificates.count >= 12)
        for certificate in certificates {
            #expect(certificate.hasFixedFormValidity)
            let edges: [Int64] = [certificate.notBefore.wholeSecondsFloor, certificate.notAfter.wholeSecondsFloor]
            var instants: [Int64] = [
                TrustStore.earliestRepresentableSecond, 0, 1_748_736_000, TrustStore.latestRepresentableSecond,
            ]
            for edge in edges { instants += [edge - 86_400, edge - 1, edge, edge + 1, edge + 86_400] }
            for seconds in instants {
                var instant = time_t(seconds)
                let openSSL = [X509_get0_notBefore(certificate.pointer), X509_get0_notAfter(certificate.pointer)].map {
                    X509_cmp_time($0, &instant)
                }
                let ours = edges.map { $0 > seconds ? Int32(1) : -1 }
                #expect(openSSL == ours, "\(certificate) at \(seconds)")
            }
        }
    }
}
