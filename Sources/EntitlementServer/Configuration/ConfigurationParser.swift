import Foundation
import StoreCrypto
import StoreModel

/// Turns the configuration JSON into an ``EntitlementServerConfiguration``, validating every key.
struct ConfigurationParser {
    let baseDirectory: URL

    private static let topLevelKeys: Set<String> = [
        "apps", "products", "apiKeys", "restorePolicy", "webhooks", "reconcile", "signingKey",
    ]

    func parse(_ document: ConfigurationReader) throws(ConfigurationError) -> EntitlementServerConfiguration {
        let top = try document.object(
            allowedKeys: Self.topLevelKeys, fix: "The file holds one object; see docs/ENTITLEMENT_SERVER.md")
        let apps = try document.requiredMember("apps", in: top, fix: "List the apps whose purchases this server accepts")
            .array(fix: "Write an array of apps, for example [{\"bundleId\": \"com.example.app\", …}]")
            .map { (reader) throws(ConfigurationError) in try app(reader) }
        guard !apps.isEmpty else {
            throw ConfigurationError(
                file: document.file, path: JSONPath.root.appending(key: "apps"), problem: "no app is configured",
                fix: "Add at least one app with its bundleId and environments")
        }
        let productsReader = try document.requiredMember(
            "products", in: top, fix: "Map each product identifier to the capabilities it grants")
        var products: [String: ProductRule] = [:]
        for (productId, reader) in try productsReader.members(fix: "Write an object keyed by product identifier") {
            products[productId] = try product(reader)
        }
        var configuration = EntitlementServerConfiguration(apps: apps, products: products)
        if let keys = document.member("apiKeys", in: top) {
            configuration.apiKeys = try keys.array(fix: "Write an array of {\"name\", \"sha256\"} objects")
                .map { (reader) throws(ConfigurationError) in try apiKey(reader) }
        }
        if let policy = document.member("restorePolicy", in: top) {
            let names = RestorePolicy.allCases.map(\.rawValue).joined(separator: ", ")
            let text = try policy.string(fix: "Write one of \(names)")
            guard let value = RestorePolicy(rawValue: text) else {
                throw policy.failure("unknown restore policy \"\(text)\"", fix: "Write one of \(names)")
            }
            configuration.restorePolicy = value
        }
        if let hooks = document.member("webhooks", in: top) {
            configuration.webhooks = try hooks.array(fix: "Write an array of {\"name\", \"url\", \"secret\"} objects")
                .map { (reader) throws(ConfigurationError) in try webhook(reader) }
            let names = configuration.webhooks.map(\.name)
            if Set(names).count != names.count {
                throw hooks.failure("two webhooks have the same name", fix: "Give each webhook its own name")
            }
        }
        if let reconcile = document.member("reconcile", in: top) {
            let object = try reconcile.object(
                allowedKeys: ["intervalSeconds", "lookbackSeconds"], fix: "Write {\"intervalSeconds\": 3600}")
            if let interval = reconcile.member("intervalSeconds", in: object) {
                configuration.reconcileIntervalSeconds = try positive(interval, fix: "Write how often to reconcile, in seconds")
            }
            if let lookback = reconcile.member("lookbackSeconds", in: object) {
                configuration.reconcileLookbackSeconds = try positive(
                    lookback, fix: "Write how far back the first history request reaches, in seconds (at most 15552000)")
            }
        }
        if let key = document.member("signingKey", in: top) {
            let pem = try fileText(key, fix: "Give the path of a P-256 private key in PKCS#8 PEM")
            do {
                _ = try P256PrivateKey(pemRepresentation: pem)
            } catch {
                throw key.failure(
                    "the file is not a P-256 private key in PKCS#8 PEM (\(error))",
                    fix: "Create one with `openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out key.pem`")
            }
            configuration.signingKeyPEM = pem
        }
        return configuration
    }

    private func app(_ reader: ConfigurationReader) throws(ConfigurationError) -> AppConfiguration {
        let object = try reader.object(
            allowedKeys: ["bundleId", "appAppleId", "environments"],
            fix: "Write {\"bundleId\", \"appAppleId\", \"environments\"}")
        let bundleId = try reader.requiredMember("bundleId", in: object, fix: "Write the app's bundle identifier")
            .string(fix: "Write the app's bundle identifier, for example \"com.example.app\"")
        let appAppleId = try reader.member("appAppleId", in: object)
            .map { (id) throws(ConfigurationError) in try id.integer(fix: "Write the app's Apple ID from App Store Connect") }
        let environmentsReader = try reader.requiredMember(
            "environments", in: object, fix: "Say which environments to accept, for example {\"Production\": {}}")
        var environments: [EnvironmentTrust] = []
        for (name, trust) in try environmentsReader.members(fix: "Write an object keyed by environment name") {
            let environment = AppStoreEnvironment(rawValue: name)
            guard environment == .production || environment == .sandbox else {
                throw trust.failure(
                    "\"\(name)\" is not an environment the server verifies",
                    fix: "Use \"Production\" or \"Sandbox\" (the emulator signs as Sandbox by default)")
            }
            if environment == .production, appAppleId == nil {
                throw trust.failure(
                    "Production needs the app's Apple ID", fix: "Add \"appAppleId\" to this app (App Store Connect → App Information)")
            }
            environments.append(try self.environment(environment, trust))
        }
        guard !environments.isEmpty else {
            throw environmentsReader.failure("no environment is accepted", fix: "Add \"Production\" or \"Sandbox\"")
        }
        return AppConfiguration(bundleId: bundleId, appAppleId: appAppleId, environments: environments)
    }

    private func environment(_ environment: AppStoreEnvironment, _ reader: ConfigurationReader) throws(ConfigurationError)
        -> EnvironmentTrust
    {
        let object = try reader.object(
            allowedKeys: ["appleRoot", "extraRoots", "serverAPI"],
            fix: "Write {\"appleRoot\": true, \"extraRoots\": [\"path/root.der\"], \"serverAPI\": {…}}")
        var roots: [Data] = []
        let appleRoot = try reader.member("appleRoot", in: object)?.bool(fix: "Write true or false") ?? true
        if appleRoot { roots.append(AppleRootCertificates.appleRootCAG3) }
        if let extra = reader.member("extraRoots", in: object) {
            for root in try extra.array(fix: "Write an array of paths to DER root certificates") {
                let data = try fileData(root, fix: "Give the path of a DER certificate, such as the emulator's STATE/pki/root.der")
                do {
                    _ = try Certificate(derRepresentation: data)
                } catch {
                    throw root.failure("the file is not a DER certificate (\(error))", fix: "Give the .der file, not the .pem")
                }
                roots.append(data)
            }
        }
        guard !roots.isEmpty else {
            throw reader.failure("no root certificate is trusted", fix: "Keep \"appleRoot\": true or list \"extraRoots\"")
        }
        let serverAPI = try reader.member("serverAPI", in: object)
            .map { (api) throws(ConfigurationError) in try self.serverAPI(api) }
        return EnvironmentTrust(environment: environment, rootCertificates: roots, serverAPI: serverAPI)
    }

    private func serverAPI(_ reader: ConfigurationReader) throws(ConfigurationError) -> ServerAPIConfiguration {
        let object = try reader.object(
            allowedKeys: ["baseURL", "issuerId", "keyId", "privateKey"],
            fix: "Write {\"baseURL\", \"issuerId\", \"keyId\", \"privateKey\"}")
        let urlReader = try reader.requiredMember("baseURL", in: object, fix: "Write https://api.storekit.apple.com or the emulator's URL")
        let urlText = try urlReader.string(fix: "Write an http or https URL")
        guard let url = URL(string: urlText), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw urlReader.failure("\"\(urlText)\" is not an http or https URL", fix: "Write for example https://api.storekit.apple.com")
        }
        let issuer = try reader.requiredMember("issuerId", in: object, fix: "Copy the issuer ID from App Store Connect → Keys")
            .string(fix: "Write the issuer ID")
        let keyId = try reader.requiredMember("keyId", in: object, fix: "Write the key ID of the in-app purchase key")
            .string(fix: "Write the key ID")
        let keyReader = try reader.requiredMember("privateKey", in: object, fix: "Give the path of the .p8 key file")
        let pem = try fileText(keyReader, fix: "Give the path of the .p8 key file")
        do {
            _ = try P256PrivateKey(pemRepresentation: pem)
        } catch {
            throw keyReader.failure("the file is not a P-256 key in PKCS#8 PEM (\(error))", fix: "Give the .p8 file App Store Connect issued")
        }
        return ServerAPIConfiguration(baseURL: url, issuerId: issuer, keyId: keyId, privateKeyPEM: pem)
    }

    private func product(_ reader: ConfigurationReader) throws(ConfigurationError) -> ProductRule {
        let object = try reader.object(
            allowedKeys: ["capabilities", "consumable", "nonRenewingDurationSeconds"],
            fix: "Write {\"capabilities\": [\"pro\"]} or {\"consumable\": {\"currency\": \"coins\", \"amount\": 100}}")
        var rule = ProductRule()
        if let capabilities = reader.member("capabilities", in: object) {
            rule.capabilities = try capabilities.array(fix: "Write the capabilities this product grants, for example [\"pro\"]")
                .map { (name) throws(ConfigurationError) in try name.string(fix: "Write a capability name such as \"pro\"") }
        }
        if let consumable = reader.member("consumable", in: object) {
            let credit = try consumable.object(
                allowedKeys: ["currency", "amount"], fix: "Write {\"currency\": \"coins\", \"amount\": 100}")
            let currency = try consumable.requiredMember("currency", in: credit, fix: "Name the balance, for example \"coins\"")
                .string(fix: "Name the balance, for example \"coins\"")
            let amount = try positive(
                try consumable.requiredMember("amount", in: credit, fix: "Write how much one unit credits"),
                fix: "Write how much one unit credits, a positive whole number")
            rule.consumable = ConsumableCredit(currency: currency, amount: amount)
        }
        if let duration = reader.member("nonRenewingDurationSeconds", in: object) {
            rule.nonRenewingDurationSeconds = try positive(duration, fix: "Write the access length in seconds, e.g. 2592000 for 30 days")
        }
        guard !rule.capabilities.isEmpty || rule.consumable != nil else {
            throw reader.failure("the product grants nothing", fix: "Give it \"capabilities\" or a \"consumable\" credit, or remove it")
        }
        return rule
    }

    private func apiKey(_ reader: ConfigurationReader) throws(ConfigurationError) -> APIKeyEntry {
        let object = try reader.object(allowedKeys: ["name", "sha256"], fix: "Write {\"name\": \"backend\", \"sha256\": \"…\"}")
        let name = try reader.requiredMember("name", in: object, fix: "Name the key, for example \"backend\"")
            .string(fix: "Name the key")
        let hashReader = try reader.requiredMember(
            "sha256", in: object, fix: "Write the SHA-256 of the key: printf %s \"$KEY\" | sha256sum")
        let hash = try hashReader.string(fix: "Write 64 hexadecimal digits")
        guard hash.count == 64, hash.allSatisfy(\.isHexDigit) else {
            throw hashReader.failure(
                "not a SHA-256 in hexadecimal", fix: "Write the 64 hexadecimal digits printed by printf %s \"$KEY\" | sha256sum")
        }
        return APIKeyEntry(name: name, sha256: hash)
    }

    private func webhook(_ reader: ConfigurationReader) throws(ConfigurationError) -> WebhookEndpoint {
        let object = try reader.object(allowedKeys: ["name", "url", "secret"], fix: "Write {\"name\", \"url\", \"secret\"}")
        let name = try reader.requiredMember("name", in: object, fix: "Name the webhook").string(fix: "Name the webhook")
        let urlReader = try reader.requiredMember("url", in: object, fix: "Write the URL events are POSTed to")
        let text = try urlReader.string(fix: "Write an http or https URL")
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw urlReader.failure("\"\(text)\" is not an http or https URL", fix: "Write for example https://backend.example.com/hooks/tienda")
        }
        let secret = try reader.requiredMember("secret", in: object, fix: "Write a shared secret of at least 16 characters")
        let secretText = try secret.string(fix: "Write a shared secret")
        guard secretText.utf8.count >= 16 else {
            throw secret.failure("the secret is shorter than 16 characters", fix: "Use a random secret, e.g. `openssl rand -hex 32`")
        }
        return WebhookEndpoint(name: name, url: url, secret: secretText)
    }

    private func positive(_ reader: ConfigurationReader, fix: String) throws(ConfigurationError) -> Int64 {
        let value = try reader.integer(fix: fix)
        guard value > 0 else { throw reader.failure("must be positive, found \(value)", fix: fix) }
        return value
    }

    private func fileData(_ reader: ConfigurationReader, fix: String) throws(ConfigurationError) -> Data {
        let path = try reader.string(fix: fix)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw reader.failure("cannot read \(url.path)", fix: fix + " (relative paths start at the configuration file's folder)")
        }
    }

    private func fileText(_ reader: ConfigurationReader, fix: String) throws(ConfigurationError) -> String {
        String(decoding: try fileData(reader, fix: fix), as: UTF8.self)
    }
}
