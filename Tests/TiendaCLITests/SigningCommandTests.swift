import Foundation
import Testing

@Suite struct SigningCommandTests {
    /// A fresh state directory, removed after the test.
    final class State {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-cli-\(UUID().uuidString)")
        var path: String { directory.path }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func write(_ name: String, _ text: String) throws -> String {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file.path
        }
    }

    static let transaction = """
        {"transactionId":"2000000000000001","originalTransactionId":"2000000000000001","bundleId":"com.example",
         "productId":"com.example.coins","purchaseDate":1764000000000,"type":"Consumable","quantity":2,
         "environment":"Sandbox","inAppOwnershipType":"PURCHASED","price":1980,"currency":"USD"}
        """

    @Test func pkiInitCreatesTheChainOnceWithPrivateKeysReadableByTheOwnerOnly() throws {
        let state = State()
        let first = try TiendaProcess.run(["pki", "init", "--state", state.path])
        #expect(first.exitCode == 0)
        #expect(first.standardOutput.contains("Created a certificate authority"))
        #expect(first.standardOutput.contains("leaf marker 1.2.840.113635.100.6.11.1"))
        let mode = try FileManager.default.attributesOfItem(atPath: state.path + "/pki/leaf-key.pem")[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
        let second = try TiendaProcess.run(["pki", "init", "--state", state.path])
        #expect(second.standardOutput.contains("Reused the certificate authority"))
        let fingerprint = { (text: String) in text.split(separator: "\n").first { $0.contains("sha-256") } }
        #expect(fingerprint(first.standardOutput) == fingerprint(second.standardOutput))
    }

    @Test func signedDataVerifiesAndEveryFieldComesBack() throws {
        let state = State()
        let payload = try state.write("transaction.json", Self.transaction)
        let signed = try TiendaProcess.run(["sign", "--kind", "transaction", "--state", state.path, payload])
        #expect(signed.exitCode == 0)
        let jws = signed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(jws.split(separator: ".").count == 3)
        let verified = try TiendaProcess.run([
            "verify", "--state", state.path, "--bundle-id", "com.example", "--environment", "Sandbox", "--json", jws,
        ])
        #expect(verified.exitCode == 0)
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(verified.standardOutput.utf8)) as? [String: Any])
        #expect(report["valid"] as? Bool == true)
        #expect(report["kind"] as? String == "transaction")
        let decoded = try #require(report["payload"] as? [String: Any])
        #expect(decoded["quantity"] as? Int == 2)
        #expect(decoded["price"] as? Int == 1980)
        #expect(decoded["signedDate"] != nil)
    }

    @Test func aWrongBundleATamperedSignatureAndAForeignRootFailWithExitCodeOne() throws {
        let state = State()
        let payload = try state.write("transaction.json", Self.transaction)
        let jws = try TiendaProcess.run(["sign", "--kind", "transaction", "--state", state.path, payload])
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let wrongBundle = try TiendaProcess.run(["verify", "--state", state.path, "--bundle-id", "com.other", jws])
        #expect(wrongBundle.exitCode == 1)
        #expect(wrongBundle.standardOutput.contains("INVALID_APP_IDENTIFIER"))
        var tampered = jws
        tampered.removeLast()
        tampered.append(jws.hasSuffix("A") ? "B" : "A")
        let badSignature = try TiendaProcess.run(["verify", "--state", state.path, tampered])
        #expect(badSignature.exitCode == 1)
        let apple = try TiendaProcess.run(["verify", "--apple", jws])
        #expect(apple.exitCode == 1)
        #expect(apple.standardOutput.contains("does not lead to a trusted root"))
    }

    @Test func signRefusesAPayloadThatDoesNotFitApplesModel() throws {
        let state = State()
        let bad = try TiendaProcess.run(
            ["sign", "--kind", "transaction", "--state", state.path, "-"], standardInput: #"{"transactionId": 123}"#)
        #expect(bad.exitCode == 65)
        #expect(bad.standardError.contains("transactionId must be String"))
        let noKind = try TiendaProcess.run(["sign", "--state", state.path, "-"], standardInput: "{}")
        #expect(noKind.exitCode == 64)
    }

    @Test func xcodeDataIsDecodedOnlyWhenAskedTo() throws {
        let vector = "Tests/Fixtures/apple-vectors/xcode/xcode-signed-transaction"
        let refused = try TiendaProcess.run(["verify", "--apple", vector])
        #expect(refused.exitCode == 64)
        #expect(refused.standardError.contains("Xcode"))
        let decoded = try TiendaProcess.run(["verify", "--apple", "--decode-only", vector])
        #expect(decoded.exitCode == 0)
        #expect(decoded.standardOutput.contains("\"productId\" : \"pass.premium\""))
    }
}
