import Foundation
import AppStoreEngine
import StoreModel

/// Reads a scenario file's root object: the header, the accounts and the steps, checking each against the catalog
/// as it goes. Tracks what earlier steps defined (labels, the clock) for the checks of later ones.
final class ScenarioReader {
    let fileName: String
    let catalog: Catalog
    let catalogName: String
    let bundleId: String
    var accountIds: [String] = []
    /// Labels from `buy` steps' `as`: the account and product they stand for.
    var labels: [String: (accountId: String, productId: String)] = [:]
    /// The virtual clock as the steps read so far leave it (for `advance` with `to`).
    var clock: Timestamp

    static let headerKeys = [
        "name", "description", "storekit", "bundleId", "environment", "appAppleId", "start", "timeRate", "settings",
        "policy", "accounts", "steps", "comment",
    ]

    private init(fileName: String, catalog: Catalog, catalogName: String, bundleId: String, start: Timestamp) {
        self.fileName = fileName
        self.catalog = catalog
        self.catalogName = catalogName
        self.bundleId = bundleId
        self.clock = start
    }

    static func read(_ root: ScenarioObject, fileName: String, directory: URL) throws(ScenarioError) -> Scenario {
        try root.rejectUnknownKeys(allowed: headerKeys)
        let storekit = try root.requiredString("storekit", expected: "the path of a .storekit file, relative to this file")
        let catalogURL = URL(fileURLWithPath: storekit, relativeTo: directory).standardizedFileURL
        let catalog: Catalog
        do {
            catalog = try Catalog.load(contentsOf: catalogURL)
        } catch {
            throw root.error(at: "storekit", .catalog(error))
        }
        let bundleId = try root.requiredString("bundleId", expected: "the app's bundle identifier")
        let start = try readStart(root)
        let reader = ScenarioReader(
            fileName: fileName, catalog: catalog, catalogName: catalogURL.lastPathComponent, bundleId: bundleId,
            start: start)
        let accounts = try reader.readAccounts(root.required("accounts", expected: "an array of accounts"))
        let stepsNode = try root.required("steps", expected: "an array of steps")
        var steps: [ScenarioStep] = []
        for node in try stepsNode.array(expected: "an array of steps") { steps.append(try reader.readStep(node)) }
        guard !steps.isEmpty else { throw stepsNode.error(.invalid("a scenario needs at least one step")) }
        return Scenario(
            fileName: fileName,
            name: try root.string("name") ?? (fileName as NSString).deletingPathExtension,
            description: try root.string("description"), catalogURL: catalogURL, catalog: catalog, bundleId: bundleId,
            environment: try readEnvironment(root), appAppleId: try readAppAppleId(root), start: start,
            settings: try readSettings(root), policy: try ScenarioPolicyReader.read(root.child("policy")),
            accounts: accounts, steps: steps)
    }

    private static func readStart(_ root: ScenarioObject) throws(ScenarioError) -> Timestamp {
        guard let node = root.child("start") else { return .referenceDate }
        return try ScenarioDate.read(node)
    }

    private static func readEnvironment(_ root: ScenarioObject) throws(ScenarioError) -> AppStoreEnvironment {
        guard let node = root.child("environment") else { return .sandbox }
        return AppStoreEnvironment(rawValue: try node.choice(["Sandbox", "Production", "Xcode"]))
    }

    private static func readAppAppleId(_ root: ScenarioObject) throws(ScenarioError) -> Int64? {
        guard let node = root.child("appAppleId") else { return nil }
        let value = try node.int(expected: "the app's Apple ID, a positive integer")
        guard value > 0 else { throw node.wrongType(expected: "the app's Apple ID, a positive integer") }
        return Int64(value)
    }

    private static func readSettings(_ root: ScenarioObject) throws(ScenarioError) -> ScenarioSettings {
        var settings = ScenarioSettings()
        if let node = root.child("timeRate") { settings.timeRate = try readTimeRate(node) }
        guard let object = try root.child("settings")?.object() else { return settings }
        try object.rejectUnknownKeys(allowed: ["billingGracePeriod", "askToBuy", "billingRetryOnRenewal"])
        settings.billingGracePeriod = try object.bool("billingGracePeriod")
        settings.askToBuy = try object.bool("askToBuy")
        settings.billingRetryOnRenewal = try object.bool("billingRetryOnRenewal")
        return settings
    }

    private static func readTimeRate(_ node: ScenarioNode) throws(ScenarioError) -> TimeRate {
        let names = TimeRate.knownValues.compactMap(\.name)
        if let number = try? node.int() {
            guard TimeRate.knownValues.contains(TimeRate(rawValue: number)) else {
                throw node.error(.invalid("\(number) is not a time rate; use a raw value or a name: \(names.joined(separator: ", "))"))
            }
            return TimeRate(rawValue: number)
        }
        let name = try node.choice(names)
        return TimeRate.knownValues.first { $0.name == name } ?? .realTime
    }

    private func readAccounts(_ node: ScenarioNode) throws(ScenarioError) -> [ScenarioAccount] {
        var accounts: [ScenarioAccount] = []
        for element in try node.array(expected: "an array of accounts") {
            let account = try readAccount(element)
            guard !accountIds.contains(account.id) else {
                throw element.error(.invalid("account \(ScenarioText.quoted(account.id)) is declared twice"))
            }
            accountIds.append(account.id)
            accounts.append(account)
        }
        guard !accounts.isEmpty else { throw node.error(.invalid("a scenario needs at least one account")) }
        return accounts
    }

    private func readAccount(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioAccount {
        if let id = node.value as? String {
            guard !id.isEmpty else { throw node.error(.invalid("an account ID cannot be empty")) }
            return ScenarioAccount(id: id, storefront: .unitedStates, familyGroup: nil)
        }
        let object = try node.object()
        try object.rejectUnknownKeys(allowed: ["id", "storefront", "familyGroup", "comment"])
        let id = try object.requiredString("id", expected: "the account's ID, e.g. \"alice\"")
        guard !id.isEmpty else { throw object.error(at: "id", .invalid("an account ID cannot be empty")) }
        var storefront = Storefront.unitedStates
        if let code = try object.string("storefront") {
            guard let known = Storefront.known(code) else {
                throw object.error(at: "storefront", .notOneOf(code, allowed: Storefront.table.map(\.countryCode)))
            }
            storefront = known
        }
        return ScenarioAccount(id: id, storefront: storefront, familyGroup: try object.string("familyGroup"))
    }
}
