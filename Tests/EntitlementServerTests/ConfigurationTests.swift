import EntitlementServer
import Foundation
import StoreCrypto
import StoreModel
import Testing

@Suite struct ConfigurationTests {
    /// Writes `json` and the files it names into a fresh folder, then loads it.
    private func load(_ json: String) throws -> EntitlementServerConfiguration {
        let folder = FileManager.default.temporaryDirectory.appending(path: "tienda-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "keys"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestAppStore.authority.root.derRepresentation.write(to: folder.appending(path: "keys/emulator-root.der"))
        let key = try P256PrivateKey.generate().pemRepresentation
        try Data(key.utf8).write(to: folder.appending(path: "keys/answers.pem"))
        try Data(key.utf8).write(to: folder.appending(path: "keys/SubscriptionKey_ABC123.p8"))
        let file = folder.appending(path: "entitlements.json")
        try Data(json.utf8).write(to: file)
        return try EntitlementServerConfiguration.load(from: file.path)
    }

    /// The complete example of docs/ENTITLEMENT_SERVER.md (its first ```json block).
    static func documentedExample() throws -> String {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "docs/ENTITLEMENT_SERVER.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func `the documented example is a valid configuration`() throws {
        let configuration = try load(try Self.documentedExample())
        #expect(configuration.apps.count == 1)
        #expect(configuration.apps[0].environments.map(\.environment) == [.production, .sandbox])
        #expect(configuration.apps[0].environments[1].rootCertificates.count == 2)
        #expect(configuration.apps[0].environments[1].serverAPI?.keyId == "ABC123")
        #expect(configuration.products["notes.coins.100"]?.consumable == ConsumableCredit(currency: "coins", amount: 100))
        #expect(configuration.allCapabilities == ["pro", "sync"])
        #expect(configuration.restorePolicy == .transfer && configuration.webhooks.count == 1 && configuration.signingKeyPEM != nil)
        #expect(configuration.reconcileIntervalSeconds == 3600)
    }

    @Test(arguments: [
        (#"{"apps": [], "products": {}}"#, "apps", "no app is configured"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Production": {}}}], "products": {}}"#,
         #"apps[0].environments.Production"#, "Production needs the app's Apple ID"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Xcode": {}}}], "products": {}}"#,
         #"apps[0].environments.Xcode"#, "not an environment"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Sandbox": {}}}], "products": {"p": {"capabilities": "pro"}}}"#,
         #"products.p.capabilities"#, "expected an array"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Sandbox": {}}}], "products": {"p": {}}}"#,
         #"products.p"#, "grants nothing"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Sandbox": {}}}], "products": {}, "apiKeys": [{"name": "k", "sha256": "xyz"}]}"#,
         #"apiKeys[0].sha256"#, "not a SHA-256"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Sandbox": {}}}], "products": {}, "restorePolicy": "steal"}"#,
         #"restorePolicy"#, "unknown restore policy"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Sandbox": {}}}], "products": {}, "webhoks": []}"#,
         #"webhoks"#, "unknown key"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Sandbox": {"extraRoots": ["missing.der"]}}}], "products": {}}"#,
         #"apps[0].environments.Sandbox.extraRoots[0]"#, "cannot read"),
        (#"{"apps": [{"bundleId": "a", "environments": {"Sandbox": {}}}], "products": {}, "webhooks": [{"name": "w", "url": "ftp://x", "secret": "0123456789abcdef"}]}"#,
         #"webhooks[0].url"#, "not an http or https URL"),
        ("{not json", "entitlements.json", "not valid JSON"),
    ])
    func `an invalid configuration names the file, the key and the fix`(json: String, path: String, problem: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try load(json) }
        let message = error?.description ?? ""
        #expect(message.contains("entitlements.json"))
        #expect(message.contains(path), "\(message)")
        #expect(message.contains(problem), "\(message)")
        #expect(error?.fix.isEmpty == false)
    }
}
