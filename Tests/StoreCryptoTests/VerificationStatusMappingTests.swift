import StoreCrypto
import StoreModel
import Testing

@Suite struct VerificationStatusMappingTests {
    static let instant = Timestamp(milliseconds: 0)

    /// Every reason with the Python status and StoreKit error it maps to.
    static let table: [(VerificationFailure.Reason, AppleVerificationStatus, StoreKitVerificationError)] = [
        (.inputTooLarge(byteCount: 2, limit: 1), .verificationFailure, .invalidEncoding),
        (.malformedJWS(segments: 4), .verificationFailure, .invalidEncoding),
        (.invalidBase64URL(.payload), .verificationFailure, .invalidEncoding),
        (.headerNotJSON, .verificationFailure, .invalidEncoding),
        (.invalidHeaderParameter("alg"), .verificationFailure, .invalidEncoding),
        (.payloadNotJSON, .verificationFailure, .invalidEncoding),
        (.payloadMissingProperty("bundleId"), .verificationFailure, .missingRequiredProperties),
        (.payloadTypeMismatch("bundleId"), .verificationFailure, .invalidEncoding),
        (.missingAlgorithm, .verificationFailure, .missingRequiredProperties),
        (.unsupportedAlgorithm("none"), .verificationFailure, .invalidSignature),
        (.missingX5C, .verificationFailure, .missingRequiredProperties),
        (.chainLength(2), .invalidChainLength, .invalidCertificateChain),
        (.certificateNotBase64(index: 0), .invalidCertificate, .invalidEncoding),
        (.certificateNotDER(index: 1), .invalidCertificate, .invalidEncoding),
        (.untrustedChain, .verificationFailure, .invalidCertificateChain),
        (.certificateExpired(at: instant), .verificationFailure, .invalidCertificateChain),
        (.certificateNotYetValid(at: instant), .verificationFailure, .invalidCertificateChain),
        (.invalidCertificateChain(.badSignature), .verificationFailure, .invalidCertificateChain),
        (.unexpectedCertificatePath(length: 2), .verificationFailure, .invalidCertificateChain),
        (.missingLeafMarkerOID, .verificationFailure, .invalidCertificateChain),
        (.missingIntermediateMarkerOID, .verificationFailure, .invalidCertificateChain),
        (.leafKeyNotP256, .verificationFailure, .invalidCertificateChain),
        (.signatureNotRaw64Bytes(71), .verificationFailure, .invalidSignature),
        (.invalidSignature, .verificationFailure, .invalidSignature),
        (.bundleIdMismatch(expected: "a", found: "b"), .invalidAppIdentifier, .invalidDeviceVerification),
        (.appAppleIdMismatch(expected: 1, found: 2), .invalidAppIdentifier, .invalidDeviceVerification),
        (.environmentMismatch(expected: .sandbox, found: .production), .invalidEnvironment, .invalidDeviceVerification),
    ]

    @Test("Each reason maps to Apple's Python status and StoreKit's error", arguments: table)
    func mapping(reason: VerificationFailure.Reason, status: AppleVerificationStatus, storeKit: StoreKitVerificationError) {
        let failure = VerificationFailure(reason)
        #expect(failure.appleVerificationStatus == status)
        #expect(failure.storeKitVerificationError == storeKit)
        #expect(!failure.message.isEmpty)
    }

    @Test func pythonStatusValuesAndNamesMatchApples() {
        #expect(AppleVerificationStatus.allCases.map(\.rawValue) == Array(0...7))
        #expect(
            AppleVerificationStatus.allCases.map(\.pythonName) == [
                "OK", "VERIFICATION_FAILURE", "INVALID_APP_IDENTIFIER", "INVALID_CERTIFICATE", "INVALID_CHAIN_LENGTH",
                "INVALID_CHAIN", "INVALID_ENVIRONMENT", "RETRYABLE_VERIFICATION_FAILURE",
            ])
    }

    @Test func equalityComparesTheReasonOnly() {
        #expect(VerificationFailure(.untrustedChain, detail: "a") == VerificationFailure(.untrustedChain, detail: "b"))
        #expect(VerificationFailure(.untrustedChain) != VerificationFailure(.invalidSignature))
    }
}
