import Foundation
import StoreCrypto
import StoreModel
import Testing

/// `apple-vectors/mock_signed_data` and `xcode`, with the configurations of Apple's own test suites.
@Suite struct AppleSignedDataTests {
    /// A verifier like Apple's tests build: trust `certs/testCA.der`, offline, app Apple ID 1234 by default.
    private func verifier(
        environment: AppStoreEnvironment = .sandbox, bundleId: String = "com.example", appAppleId: Int64? = 1234
    ) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: [try Fixtures.data("certs/testCA.der")], bundleId: bundleId, appAppleId: appAppleId,
            environment: environment, currentTime: { AppleChainVectorTests.effectiveDate })
    }

    @Test func transactionInfoIsValidForComExampleInSandbox() throws {
        let jws = try Fixtures.text("mock_signed_data/transactionInfo")
        let transaction = try verifier().verifyAndDecode(jws, as: TestTransactionPayload.self)
        #expect(transaction.environment == .sandbox)
        #expect(transaction.bundleId == "com.example")
        #expect(transaction.signedDate == Timestamp(milliseconds: 1_672_956_154_000))
    }

    @Test func transactionInfoForAnotherBundleIsAnInvalidAppIdentifier() throws {
        let result = try verifier(bundleId: "com.example.x").verify(
            try Fixtures.text("mock_signed_data/transactionInfo"), as: TestTransactionPayload.self)
        #expect(result.failure?.reason == .bundleIdMismatch(expected: "com.example.x", found: "com.example"))
        #expect(result.failure?.appleVerificationStatus == .invalidAppIdentifier)
        #expect(result.unsafePayloadValue?.bundleId == "com.example")
    }

    @Test func transactionInfoForProductionIsAnInvalidEnvironment() throws {
        let result = try verifier(environment: .production).verify(
            try Fixtures.text("mock_signed_data/transactionInfo"), as: TestTransactionPayload.self)
        #expect(result.failure?.reason == .environmentMismatch(expected: .production, found: .sandbox))
        #expect(result.failure?.appleVerificationStatus == .invalidEnvironment)
    }

    @Test func renewalInfoIsValidWithoutABundleCheck() throws {
        let renewal = try verifier(bundleId: "anything").verifyAndDecode(
            try Fixtures.text("mock_signed_data/renewalInfo"), as: TestRenewalPayload.self)
        #expect(renewal.environment == .sandbox)
    }

    @Test func testNotificationIsValidInSandbox() throws {
        let notification = try verifier().verifyAndDecode(
            try Fixtures.text("mock_signed_data/testNotification"), as: TestNotificationPayload.self)
        #expect(notification.notificationType == "TEST")
        #expect(notification.data?.appAppleId == 1234)
        #expect(notification.signedDate == Timestamp(milliseconds: 1_681_314_324_000))
    }

    @Test func sandboxVerifierIgnoresTheAppAppleId() throws {
        let result = try verifier(appAppleId: 1235).verify(
            try Fixtures.text("mock_signed_data/testNotification"), as: TestNotificationPayload.self)
        #expect(result.isVerified)
    }

    @Test func testNotificationInProductionWithAnotherAppAppleIdIsAnInvalidAppIdentifier() throws {
        let result = try verifier(environment: .production, appAppleId: 1235).verify(
            try Fixtures.text("mock_signed_data/testNotification"), as: TestNotificationPayload.self)
        #expect(result.failure?.reason == .appAppleIdMismatch(expected: 1235, found: 1234))
        #expect(result.failure?.appleVerificationStatus == .invalidAppIdentifier)
    }

    @Test func testNotificationInProductionWithItsAppAppleIdIsAnInvalidEnvironment() throws {
        let result = try verifier(environment: .production, appAppleId: 1234).verify(
            try Fixtures.text("mock_signed_data/testNotification"), as: TestNotificationPayload.self)
        #expect(result.failure?.reason == .environmentMismatch(expected: .production, found: .sandbox))
        #expect(result.failure?.appleVerificationStatus == .invalidEnvironment)
    }

    @Test func testNotificationDecodedAsATransactionHasNoBundleId() throws {
        struct TransactionWithOptionalBundle: SignedPayload {
            var bundleId: String?
            var environment: AppStoreEnvironment?
            var signedDate: Timestamp?
            var verificationInstant: Timestamp? { signedDate }
            var verificationIdentity: SignedPayloadIdentity {
                SignedPayloadIdentity(
                    checksBundleId: true, bundleId: bundleId, checksAppAppleId: false, appAppleId: nil,
                    environment: environment)
            }
        }
        let asTransaction = try verifier(appAppleId: 1235).verify(
            try Fixtures.text("mock_signed_data/testNotification"), as: TransactionWithOptionalBundle.self)
        #expect(asTransaction.failure?.reason == .bundleIdMismatch(expected: "com.example", found: nil))
        #expect(asTransaction.failure?.appleVerificationStatus == .invalidAppIdentifier)
    }

    @Test func wrongBundleIdIsAnInvalidAppIdentifierAtTheCurrentTime() throws {
        let result = try verifier().verify(
            try Fixtures.text("mock_signed_data/wrongBundleId"), as: TestNotificationPayload.self)
        #expect(result.failure?.reason == .bundleIdMismatch(expected: "com.example", found: "com.example.wrong"))
        #expect(result.failure?.appleVerificationStatus == .invalidAppIdentifier)
    }

    @Test func missingX5CHeaderClaimFails() throws {
        let result = try verifier().verify(
            try Fixtures.text("mock_signed_data/missingX5CHeaderClaim"), as: TestNotificationPayload.self)
        #expect(result.failure?.reason == .missingX5C)
        #expect(result.failure?.appleVerificationStatus == .verificationFailure)
    }

    @Test("Garbage compact strings fail", arguments: [
        ("a.b.c.d", VerificationFailure.Reason.malformedJWS(segments: 4)),
        ("a.b.c", .invalidBase64URL(.header)),
    ])
    func garbageFails(input: String, reason: VerificationFailure.Reason) throws {
        let result = try verifier().verify(input, as: TestNotificationPayload.self)
        #expect(result.failure?.reason == reason)
        #expect(result.failure?.appleVerificationStatus == .verificationFailure)
    }

    // MARK: - Xcode

    static let xcodeBundle = "com.example.naturelab.backyardbirds.example"

    private func xcodeVerifier() throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: [], bundleId: Self.xcodeBundle, appAppleId: nil, environment: .xcode,
            decodeOnlyEnvironmentsAllowed: true, currentTime: { AppleChainVectorTests.effectiveDate })
    }

    @Test func xcodeTransactionDecodesWithAnXcodeVerifier() throws {
        let transaction = try xcodeVerifier().verifyAndDecode(
            try Fixtures.text("xcode/xcode-signed-transaction"), as: TestTransactionPayload.self)
        #expect(transaction.environment == .xcode)
        #expect(transaction.transactionId == "0")
        #expect(transaction.signedDate == Timestamp(milliseconds: 1_697_679_936_056))
    }

    @Test func xcodeRenewalInfoDecodesWithAnXcodeVerifier() throws {
        let renewal = try xcodeVerifier().verifyAndDecode(
            try Fixtures.text("xcode/xcode-signed-renewal-info"), as: TestRenewalPayload.self)
        #expect(renewal.signedDate == Timestamp(milliseconds: 1_697_679_936_711))
    }

    @Test func xcodeAppTransactionDecodesWithAnXcodeVerifier() throws {
        let appTransaction = try xcodeVerifier().verifyAndDecode(
            try Fixtures.text("xcode/xcode-signed-app-transaction"), as: TestAppTransactionPayload.self)
        #expect(appTransaction.receiptType == .xcode)
        #expect(appTransaction.originalPurchaseDate == Timestamp(milliseconds: -62_135_769_600_000))
    }

    @Test func xcodeTransactionForAnotherBundleIsAnInvalidAppIdentifier() throws {
        let verifier = try SignedDataVerifier(
            rootCertificates: [], bundleId: "com.example", appAppleId: nil, environment: .xcode,
            decodeOnlyEnvironmentsAllowed: true, currentTime: { AppleChainVectorTests.effectiveDate })
        let result = verifier.verify(try Fixtures.text("xcode/xcode-signed-transaction"), as: TestTransactionPayload.self)
        #expect(result.failure?.appleVerificationStatus == .invalidAppIdentifier)
    }

    @Test("Xcode data is rejected by checking verifiers for its one-certificate chain", arguments: [
        ("xcode/xcode-signed-transaction", AppStoreEnvironment.sandbox),
        ("xcode/xcode-signed-renewal-info", .sandbox),
        ("xcode/xcode-signed-app-transaction", .production),
        ("xcode/xcode-signed-transaction", .production),
    ])
    func xcodeDataIsRejectedBySandboxAndProduction(file: String, environment: AppStoreEnvironment) throws {
        let verifier = try verifier(environment: environment, bundleId: Self.xcodeBundle)
        let result = verifier.verify(try Fixtures.text(file), as: TestAppTransactionPayload.self)
        #expect(result.failure?.reason == .chainLength(1))
        #expect(result.failure?.appleVerificationStatus == .invalidChainLength)
    }
}
