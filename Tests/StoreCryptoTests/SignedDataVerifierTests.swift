import Foundation
import StoreCrypto
import StoreModel
import Testing

@Suite struct SignedDataVerifierTests {
    let authority = TestPKI.authority

    private func sign(_ json: String) throws -> String {
        try authority.signer.sign(payload: Data(json.utf8))
    }

    @Test func productionRequiresAnAppAppleId() {
        #expect(throws: VerifierConfigurationError.missingAppAppleIdForProduction) {
            try TestPKI.verifier(environment: .production, appAppleId: nil)
        }
    }

    @Test("Decode-only environments must be allowed explicitly", arguments: [AppStoreEnvironment.xcode, .localTesting])
    func decodeOnlyEnvironmentsNeedExplicitConsent(environment: AppStoreEnvironment) throws {
        #expect(throws: VerifierConfigurationError.decodeOnlyEnvironmentNotAllowed(environment)) {
            try SignedDataVerifier(
                rootCertificates: [], bundleId: "com.example", appAppleId: nil, environment: environment,
                currentTime: { TestPKI.referenceTime })
        }
        let verifier = try TestPKI.verifier(environment: environment)
        #expect(verifier.isDecodeOnly)
    }

    @Test func checkingVerifiersNeedARoot() {
        #expect(throws: VerifierConfigurationError.noRootCertificates) {
            try TestPKI.verifier(roots: [])
        }
    }

    @Test func localTestingVerifierDecodesUnsignedDataButStillChecksIdentity() throws {
        let verifier = try TestPKI.verifier(environment: .localTesting)
        let unsigned = try Forge.jws(
            header: #"{"alg":"ES256"}"#, payload: TestPKI.transactionJSON(environment: "LocalTesting"),
            signature: .es256(try P256PrivateKey.generate()))
        #expect(verifier.verify(unsigned, as: TestTransactionPayload.self).isVerified)
        let sandboxPayload = try Forge.jws(
            header: #"{"alg":"none"}"#, payload: TestPKI.transactionJSON(), signature: .bytes(Data()))
        #expect(
            verifier.verify(sandboxPayload, as: TestTransactionPayload.self).failure?.reason
                == .environmentMismatch(expected: .localTesting, found: .sandbox))
        #expect(verifier.verify("a.b.c.d", as: TestTransactionPayload.self).failure?.reason == .malformedJWS(segments: 4))
    }

    @Test func offlineValidationUsesTheSignedDateAndOnlineUsesNow() throws {
        let leafValidity = TestPKI.validFrom...TestPKI.referenceTime.adding(milliseconds: 86_400_000)
        let chain = try TestPKI.CustomChain(leafValidity: leafValidity).build()
        let jws = try Forge.jws(
            header: Forge.header(x5c: chain.x5c), payload: TestPKI.transactionJSON(), signature: .es256(chain.leafKey))
        let later = TestPKI.referenceTime.adding(milliseconds: 30 * 86_400_000)
        let offline = try TestPKI.verifier(now: later)
        #expect(offline.verify(jws, as: TestTransactionPayload.self).isVerified)
        let online = try TestPKI.verifier(enableOnlineChecks: true, now: later)
        #expect(online.verify(jws, as: TestTransactionPayload.self).failure?.reason == .certificateExpired(at: later))
    }

    @Test func payloadWithoutSignedDateIsValidatedAtNow() throws {
        let jws = try sign(#"{"bundleId":"com.example","environment":"Sandbox"}"#)
        #expect(try TestPKI.verifier().verify(jws, as: TestTransactionPayload.self).isVerified)
        let afterExpiry = Timestamp(milliseconds: 2_600_000_000_000)
        #expect(
            try TestPKI.verifier(now: afterExpiry).verify(jws, as: TestTransactionPayload.self).failure?.reason
                == .certificateExpired(at: afterExpiry))
    }

    @Test func cachedChainIsNotReusedOutsideItsValidityWindow() throws {
        let leafValidity = TestPKI.validFrom...TestPKI.referenceTime.adding(milliseconds: 86_400_000)
        let chain = try TestPKI.CustomChain(leafValidity: leafValidity).build()
        let verifier = try TestPKI.verifier()
        let inside = try Forge.jws(
            header: Forge.header(x5c: chain.x5c), payload: TestPKI.transactionJSON(), signature: .es256(chain.leafKey))
        let afterExpiry = TestPKI.referenceTime.adding(milliseconds: 2 * 86_400_000)
        let outside = try Forge.jws(
            header: Forge.header(x5c: chain.x5c), payload: TestPKI.transactionJSON(signedDate: afterExpiry),
            signature: .es256(chain.leafKey))
        #expect(verifier.verify(inside, as: TestTransactionPayload.self).isVerified)
        #expect(verifier.verify(outside, as: TestTransactionPayload.self).failure?.reason == .certificateExpired(at: afterExpiry))
        #expect(verifier.verify(inside, as: TestTransactionPayload.self).isVerified)
    }

    @Test func cachedChainStillRequiresAValidSignature() throws {
        let verifier = try TestPKI.verifier()
        let jws = try sign(TestPKI.transactionJSON())
        #expect(verifier.verify(jws, as: TestTransactionPayload.self).isVerified)
        let forged = try Forge.jws(
            header: Forge.header(x5c: authority.x5c), payload: TestPKI.transactionJSON(bundleId: "com.example"),
            signature: .es256(try P256PrivateKey.generate()))
        #expect(verifier.verify(forged, as: TestTransactionPayload.self).failure?.reason == .invalidSignature)
    }

    @Test func verifierWithoutCacheGivesTheSameResults() throws {
        let verifier = try TestPKI.verifier(chainCacheCapacity: 0)
        let jws = try sign(TestPKI.transactionJSON())
        for _ in 0..<3 {
            #expect(verifier.verify(jws, as: TestTransactionPayload.self).isVerified)
        }
    }

    @Test func concurrentVerificationsGiveCorrectResults() async throws {
        let verifier = try TestPKI.verifier(chainCacheCapacity: 2)
        let valid = try sign(TestPKI.transactionJSON())
        let otherChain = try TestPKI.CustomChain().build()
        let validOtherChain = try Forge.jws(
            header: Forge.header(x5c: otherChain.x5c), payload: TestPKI.transactionJSON(),
            signature: .es256(otherChain.leafKey))
        let wrongBundle = try sign(TestPKI.transactionJSON(bundleId: "com.other"))
        let untrusted = try TestPKI.otherAuthority.signer.sign(payload: Data(TestPKI.transactionJSON().utf8))
        let inputs: [(String, VerificationFailure.Reason?)] = [
            (valid, nil), (validOtherChain, nil),
            (wrongBundle, .bundleIdMismatch(expected: "com.example", found: "com.other")), (untrusted, .untrustedChain),
        ]
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for iteration in 0..<40 {
                        let (jws, expected) = inputs[(task + iteration) % inputs.count]
                        if verifier.verify(jws, as: TestTransactionPayload.self).failure?.reason != expected {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func resultAccessorsFollowStoreKit() throws {
        let verifier = try TestPKI.verifier()
        let verified = verifier.verify(try sign(TestPKI.transactionJSON()), as: TestTransactionPayload.self)
        #expect(try verified.payloadValue.bundleId == "com.example")
        #expect(verified.failure == nil)
        let unverified = verifier.verify(try sign(TestPKI.transactionJSON(bundleId: "x")), as: TestTransactionPayload.self)
        #expect(unverified.unsafePayloadValue?.bundleId == "x")
        #expect(throws: VerificationFailure(.bundleIdMismatch(expected: "com.example", found: "x"))) {
            try unverified.payloadValue
        }
        #expect(throws: VerificationFailure(.malformedJWS(segments: 1))) {
            try verifier.verifyAndDecode("nope", as: TestTransactionPayload.self)
        }
    }

    @Test func failuresExplainThemselvesWithDetails() throws {
        let verifier = try TestPKI.verifier()
        let untrusted = try TestPKI.otherAuthority.signer.sign(payload: Data(TestPKI.transactionJSON().utf8))
        let failure = try #require(verifier.verify(untrusted, as: TestTransactionPayload.self).failure)
        #expect(failure.message == "The certificate chain does not lead to a trusted root.")
        #expect(failure.description.contains("unable to get local issuer certificate"))
    }

    @Test func signedDataFromTheEmbeddedAppleRootConfigurationIsUntrusted() throws {
        let verifier = try SignedDataVerifier(
            rootCertificates: [AppleRootCertificates.appleRootCAG3], bundleId: "com.example", appAppleId: nil,
            environment: .sandbox, currentTime: { TestPKI.referenceTime })
        let jws = try sign(TestPKI.transactionJSON())
        #expect(verifier.verify(jws, as: TestTransactionPayload.self).failure?.reason == .untrustedChain)
    }

    @Test func strictVerifierAcceptsTheAuthoritysChain() throws {
        let verifier = try SignedDataVerifier(
            roots: [authority.root], bundleId: "com.example", appAppleId: nil, environment: .sandbox, strictX509: true,
            currentTime: { TestPKI.referenceTime })
        #expect(verifier.verify(try sign(TestPKI.transactionJSON()), as: TestTransactionPayload.self).isVerified)
    }
}
