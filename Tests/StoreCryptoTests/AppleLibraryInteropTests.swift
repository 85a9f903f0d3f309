import Foundation
import StoreCrypto
import StoreModel
import Testing
import TiendaTestSupport

/// Differential tests against Apple's App Store Server Library for Python (3.1.2, strict X.509 as shipped):
/// for every case, Apple's `VerificationStatus` must equal our ``VerificationFailure/appleVerificationStatus``.
/// Runs when `TIENDA_PYTHON` names a Python with `app-store-server-library` installed (`make test` sets it up).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TIENDA_PYTHON"] != nil, "TIENDA_PYTHON is not set"))
struct AppleLibraryInteropTests {
    struct Case: Encodable {
        enum Kind: String, Encodable {
            case transaction = "verify_and_decode_signed_transaction"
            case renewal = "verify_and_decode_renewal_info"
            case notification = "verify_and_decode_notification"
            case appTransaction = "verify_and_decode_app_transaction"
        }

        let name: String
        let method: Kind
        let jws: String
        var environment = "Sandbox"
        var bundleId = "com.example"
        var appAppleId: Int64? = nil
    }

    static let script = """
        import base64, json, sys
        from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
        from appstoreserverlibrary.models.Environment import Environment
        request = json.load(sys.stdin)
        root = base64.b64decode(request["root"])
        results = []
        for case in request["cases"]:
            environment = Environment(case["environment"])
            verifier = SignedDataVerifier([root], False, environment, case["bundleId"], case.get("appAppleId"))
            try:
                getattr(verifier, case["method"])(case["jws"])
                results.append("OK")
            except VerificationException as error:
                results.append(error.status.name)
            except Exception as error:
                results.append("EXCEPTION " + type(error).__name__)
        print(json.dumps(results))
        """

    private func runApple(_ cases: [Case]) throws -> [String] {
        struct Request: Encodable {
            let root: String
            let cases: [Case]
        }
        let python = try #require(ProcessInfo.processInfo.environment["TIENDA_PYTHON"])
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let request = Request(root: StrictBase64.encode(TestPKI.authority.root.derRepresentation), cases: cases)
        input.fileHandleForWriting.write(try JSONEncoder().encode(request))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([String].self, from: data)
    }

    private func ours(_ testCase: Case) throws -> String {
        let verifier = try SignedDataVerifier(
            roots: [TestPKI.authority.root], bundleId: testCase.bundleId, appAppleId: testCase.appAppleId,
            environment: AppStoreEnvironment(rawValue: testCase.environment), currentTime: { TestPKI.referenceTime })
        let failure: VerificationFailure? =
            switch testCase.method {
            case .transaction: verifier.verify(testCase.jws, as: TestTransactionPayload.self).failure
            case .renewal: verifier.verify(testCase.jws, as: TestRenewalPayload.self).failure
            case .notification: verifier.verify(testCase.jws, as: TestNotificationPayload.self).failure
            case .appTransaction: verifier.verify(testCase.jws, as: TestAppTransactionPayload.self).failure
            }
        return failure?.appleVerificationStatus.pythonName ?? "OK"
    }

    private static func cases() throws -> [Case] {
        let signer = TestPKI.authority.signer
        func sign(_ json: String) throws -> String { try signer.sign(payload: Data(json.utf8)) }
        let x5c = TestPKI.authority.x5c
        let key = TestPKI.authority.leafKey
        let transaction = TestPKI.transactionJSON()
        let expired = try TestPKI.CustomChain(
            leafValidity: TestPKI.validFrom...TestPKI.referenceTime.adding(milliseconds: -86_400_000)
        ).build()
        let notification =
            #"{"notificationType":"TEST","notificationUUID":"9ad56bd2-0bc6-42e0-af24-fd996d87a1e6","#
            + #""data":{"appAppleId":1234,"bundleId":"com.example","environment":"Sandbox"},"signedDate":1748736000000}"#
        let valid = try sign(transaction)
        let parts = Forge.segments(valid)
        var flipped = try Base64URL.decode(parts[2])
        flipped[5] ^= 0x80
        return [
            Case(name: "transaction", method: .transaction, jws: valid),
            Case(name: "renewal info", method: .renewal, jws: try sign(#"{"environment":"Sandbox","signedDate":1748736000000}"#)),
            Case(name: "notification", method: .notification, jws: try sign(notification)),
            Case(
                name: "production app transaction", method: .appTransaction,
                jws: try sign(#"{"bundleId":"com.example","appAppleId":1234,"receiptType":"Production","receiptCreationDate":1748736000000}"#),
                environment: "Production", appAppleId: 1234),
            Case(name: "wrong bundle", method: .transaction, jws: try sign(TestPKI.transactionJSON(bundleId: "com.other"))),
            Case(name: "wrong environment", method: .transaction, jws: valid, environment: "Production", appAppleId: 1),
            Case(
                name: "production notification, other app", method: .notification, jws: try sign(notification),
                environment: "Production", appAppleId: 9),
            Case(name: "tampered signature", method: .transaction, jws: parts[0] + "." + parts[1] + "." + Base64URL.encode(flipped)),
            Case(
                name: "DER signature", method: .transaction,
                jws: try Forge.jws(header: Forge.header(x5c: x5c), payload: transaction, signature: .der(key))),
            Case(
                name: "alg ES384", method: .transaction,
                jws: try Forge.jws(header: Forge.header(alg: "ES384", x5c: x5c), payload: transaction, signature: .es256(key))),
            Case(
                name: "x5c of 2", method: .transaction,
                jws: try Forge.jws(header: Forge.header(x5c: Array(x5c.prefix(2))), payload: transaction, signature: .es256(key))),
            Case(
                name: "x5c leaf in base64url", method: .transaction,
                jws: try Forge.jws(
                    header: Forge.header(x5c: [Base64URL.encode(TestPKI.authority.leaf.derRepresentation), x5c[1], x5c[2]]),
                    payload: transaction, signature: .es256(key))),
            Case(
                name: "garbage x5c[2] is ignored", method: .transaction,
                jws: try Forge.jws(header: Forge.header(x5c: [x5c[0], x5c[1], "AAAA"]), payload: transaction, signature: .es256(key))),
            Case(
                name: "untrusted chain", method: .transaction,
                jws: try TestPKI.otherAuthority.signer.sign(payload: Data(transaction.utf8))),
            Case(
                name: "leaf expired at signedDate", method: .transaction,
                jws: try Forge.jws(header: Forge.header(x5c: expired.x5c), payload: transaction, signature: .es256(expired.leafKey))),
            Case(name: "four segments", method: .transaction, jws: valid + ".AAAA"),
        ]
    }

    @Test func applesPythonVerifierAgreesWithOursOnEveryCase() throws {
        let cases = try Self.cases()
        let apple = try runApple(cases)
        try #require(apple.count == cases.count)
        for (testCase, appleStatus) in zip(cases, apple) {
            #expect(try ours(testCase) == appleStatus, "\(testCase.name)")
        }
        #expect(apple.prefix(4).allSatisfy { $0 == "OK" }, "Apple accepts what the authority signs: \(apple)")
    }
}
