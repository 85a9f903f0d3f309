import Foundation
import StoreCrypto
import StoreModel
import Testing

/// On every signed vector of Apple's test suites, in every configuration those suites use, Tienda's verifier
/// returns the verdict Apple's Python library returns — with OpenSSL's strict X.509 checks off (as Apple's tests
/// run them) and on (as the library ships).
@Suite(.enabled(if: AppleOracle.isAvailable, "Apple's Python library is not installed (make venv)"))
struct AppleVectorVerdictTests {
    /// One signed input, verified as `kind` by a verifier configured as given.
    struct Case: CustomStringConvertible {
        var vector: String
        var kind: String
        var environment: AppStoreEnvironment = .sandbox
        var bundleId = "com.example"
        var appAppleId: Int64? = 1234

        var description: String { "\(vector) as \(kind), \(environment) \(bundleId) \(appAppleId.map(String.init) ?? "-")" }
    }

    static let backyardBirds = "com.example.naturelab.backyardbirds.example"

    static let cases: [Case] = [
        Case(vector: "mock_signed_data/transactionInfo", kind: "transaction"),
        Case(vector: "mock_signed_data/transactionInfo", kind: "transaction", bundleId: "com.example.x"),
        Case(vector: "mock_signed_data/transactionInfo", kind: "transaction", environment: .production),
        Case(vector: "mock_signed_data/renewalInfo", kind: "renewal"),
        Case(vector: "mock_signed_data/renewalInfo", kind: "renewal", environment: .production),
        Case(vector: "mock_signed_data/testNotification", kind: "notification"),
        Case(vector: "mock_signed_data/testNotification", kind: "notification", appAppleId: 1235),
        Case(vector: "mock_signed_data/testNotification", kind: "notification", environment: .production),
        Case(vector: "mock_signed_data/testNotification", kind: "notification", environment: .production, appAppleId: 1235),
        Case(vector: "mock_signed_data/testNotification", kind: "transaction", appAppleId: 1235),
        Case(vector: "mock_signed_data/wrongBundleId", kind: "notification"),
        Case(vector: "mock_signed_data/wrongBundleId", kind: "notification", bundleId: "com.examplex"),
        Case(vector: "mock_signed_data/missingX5CHeaderClaim", kind: "notification"),
        Case(vector: "inline:a.b.c.d", kind: "notification"),
        Case(vector: "inline:a.b.c", kind: "notification"),
        Case(vector: "xcode/xcode-signed-transaction", kind: "transaction", environment: .xcode, bundleId: backyardBirds),
        Case(vector: "xcode/xcode-signed-transaction", kind: "transaction", environment: .xcode),
        Case(vector: "xcode/xcode-signed-transaction", kind: "transaction", bundleId: backyardBirds),
        Case(vector: "xcode/xcode-signed-renewal-info", kind: "renewal", environment: .xcode, bundleId: backyardBirds),
        Case(vector: "xcode/xcode-signed-renewal-info", kind: "renewal", bundleId: backyardBirds),
        Case(vector: "xcode/xcode-signed-app-transaction", kind: "app-transaction", environment: .xcode, bundleId: backyardBirds),
        Case(vector: "xcode/xcode-signed-app-transaction", kind: "app-transaction", environment: .production, bundleId: backyardBirds),
    ]

    static func jws(_ vector: String) throws -> String {
        vector.hasPrefix("inline:") ? String(vector.dropFirst("inline:".count)) : try InteropFixtures.vectorText(vector)
    }

    static func ourStatus(_ testCase: Case, strict: Bool) throws -> String {
        let verifier = try SignedDataVerifier(
            rootCertificates: [try InteropFixtures.vector("certs/testCA.der")], bundleId: testCase.bundleId,
            appAppleId: testCase.appAppleId, environment: testCase.environment,
            decodeOnlyEnvironmentsAllowed: testCase.environment.isDecodeOnly, strictX509: strict,
            currentTime: { Timestamp(Date()) })
        let jws = try jws(testCase.vector)
        let failure: VerificationFailure? =
            switch testCase.kind {
            case "transaction": verifier.verifyTransaction(jws).failure
            case "renewal": verifier.verifyRenewalInfo(jws).failure
            case "notification": verifier.verifyNotification(jws).failure
            default: verifier.verifyAppTransaction(jws).failure
            }
        return failure?.appleVerificationStatus.pythonName ?? "OK"
    }

    static func appleRequest(_ testCase: Case, strict: Bool) throws -> [String: Any] {
        var request: [String: Any] = [
            "roots": [try InteropFixtures.vector("certs/testCA.der").base64EncodedString()],
            "bundleId": testCase.bundleId, "environment": testCase.environment.rawValue, "strict": strict,
            "online": false, "items": [["kind": testCase.kind, "jws": try jws(testCase.vector)]],
        ]
        if let appAppleId = testCase.appAppleId { request["appAppleId"] = appAppleId }
        return request
    }

    /// Apple's verdict on every case, strict off then strict on, from one run of the oracle.
    static let appleStatuses: Result<[Bool: [String]], any Error> = Result {
        let requests = try [false, true].flatMap { strict in
            try cases.map { (mode: "verify", request: try appleRequest($0, strict: strict)) }
        }
        let statuses = try AppleOracle.firstStatuses(requests)
        return [false: Array(statuses.prefix(cases.count)), true: Array(statuses.suffix(cases.count))]
    }

    static func appleStatus(_ testCase: Case, strict: Bool) throws -> String {
        let index = try #require(cases.firstIndex { $0.description == testCase.description })
        return try #require(try appleStatuses.get()[strict])[index]
    }

    @Test(arguments: cases, [false, true])
    func ourVerdictOnAppleSignedVectorsIsApples(_ testCase: Case, strict: Bool) throws {
        #expect(try Self.ourStatus(testCase, strict: strict) == (try Self.appleStatus(testCase, strict: strict)))
    }

    @Test func theVerdictsAreTheOnesApplesTestSuitesExpect() throws {
        let expected = [
            "OK", "INVALID_APP_IDENTIFIER", "INVALID_ENVIRONMENT", "OK", "INVALID_ENVIRONMENT", "OK", "OK",
            "INVALID_ENVIRONMENT", "INVALID_APP_IDENTIFIER", "INVALID_APP_IDENTIFIER", "INVALID_APP_IDENTIFIER",
            "INVALID_APP_IDENTIFIER", "VERIFICATION_FAILURE", "VERIFICATION_FAILURE", "VERIFICATION_FAILURE", "OK",
            "INVALID_APP_IDENTIFIER", "INVALID_CHAIN_LENGTH", "OK", "INVALID_CHAIN_LENGTH", "OK", "INVALID_CHAIN_LENGTH",
        ]
        #expect(try Self.cases.map { try Self.ourStatus($0, strict: false) } == expected)
    }
}
