import AppStoreEngine
import Foundation
import StoreModel
import TiendaKit

/// `tienda shop`: a terminal storefront built on TiendaKit's `Store`, like the seeds' StoreView.
struct ShopCommand: Command {
    static let path = ["shop"]
    static let summary = "A terminal storefront: buy, restore, Free/Pro status, subscription state, coins"
    static let help = """
        USAGE: tienda shop [--catalog FILE.storekit] [--bundle-id ID] [--account ID] [--storefront CODE]
                           [--locale ID] [--app-version N] [--original-version N] [--legacy-before N] [--state DIR]

        A keyboard-driven storefront on TiendaKit, the way an app's store screen works: products with the prices
        the store gives for the storefront and locale, buying (with a payment prompt), restoring purchases with
        what was found, the Free/Pro status, the subscription's state and the coin balance.

        It runs an emulated App Store in the process on a virtual clock starting 2024-01-01 ('t' moves it a
        month, so subscriptions renew, fall into billing retry or expire).

        Type a product's number and Enter to buy it, then y to confirm; r restores, s spends 10 coins, t moves
        the clock, q quits.

        OPTIONS:
          --catalog FILE       The .storekit file (default: Examples/Tienda.storekit).
          --bundle-id ID       The app (default: com.tienda.example).
          --account ID         The customer (default: customer).
          --storefront CODE    The customer's storefront, ISO 3166 alpha-3 (default: USA); prices are in its
                               currency.
          --locale ID          The language of product names and price formatting (default: the catalog's).
          --app-version N      The app's current version (default: 3).
          --original-version N The version the customer first installed (default: the current version).
          --legacy-before N    Customers who first installed before version N keep Pro (default: 3).
          --state DIR          Keep the coin ledger and the cached status in DIR (default: in memory).
          -h, --help           Show this help.

        EXAMPLES:
          tienda shop
          tienda shop --storefront ESP --locale es_ES   # names in Spanish, prices in euros
          tienda shop --original-version 2      # a customer from before the paid version: Pro without buying
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let catalogPath = try arguments.option("--catalog") ?? "Examples/Tienda.storekit"
        let bundleID = try arguments.option("--bundle-id") ?? "com.tienda.example"
        let account = try arguments.option("--account") ?? "customer"
        let storefrontCode = try arguments.option("--storefront") ?? "USA"
        let locale = try arguments.option("--locale")
        let appVersion = try arguments.option("--app-version") ?? "3"
        let originalVersion = try arguments.option("--original-version")
        let legacyBeforeText = try arguments.option("--legacy-before") ?? "3"
        let state = try arguments.option("--state").map { URL(fileURLWithPath: $0, isDirectory: true) }
        try arguments.finish()
        guard let legacyBefore = Int(legacyBeforeText) else {
            throw CommandFailure.usage("--legacy-before takes a whole version number, like 3 (got '\(legacyBeforeText)').")
        }
        guard let storefront = StoreModel.Storefront.known(storefrontCode) else {
            let codes = StoreModel.Storefront.table.map(\.countryCode).joined(separator: ", ")
            throw CommandFailure.usage("unknown storefront '\(storefrontCode)'; use one of \(codes).")
        }

        let catalogURL = URL(fileURLWithPath: catalogPath)
        let catalog: Catalog
        do {
            catalog = try Catalog.load(contentsOf: catalogURL)
        } catch {
            throw CommandFailure.noInput(error.description)
        }
        let clock = VirtualClock()
        let backend = try await InProcessBackend.emulator(
            catalog: catalogURL, bundleID: bundleID, accountID: account, storefront: storefront, appVersion: appVersion,
            clock: clock)
        let session = TestSession(backend: backend)
        if let locale { try await session.setLocale(locale) }
        if let originalVersion { try await session.setOriginalAppVersion(originalVersion) }
        let parts = try await ShopParts(state: state)
        let input = LineReader()
        backend.dialogs.presenter = TerminalDialogs(input: input, output: output)
        await Self.runLoop(
            backend: backend, configuration: ShopCatalog.configuration(for: catalog, legacyBefore: legacyBefore),
            parts: parts, session: session, clock: { clock.now.date }, input: input, output: output)
        output.print()
        return .success
    }

    @MainActor
    private static func runLoop(
        backend: any StoreBackend, configuration: StoreConfiguration, parts: ShopParts, session: TestSession?,
        clock: (@Sendable () -> Date)?, input: LineReader, output: Output
    ) async {
        let store = await TiendaKit.withBackend(backend) {
            try? Store(configuration: configuration, ledger: parts.ledger, cache: parts.cache)
        }
        guard let store else { return }
        await ShopLoop(store: store, session: session, clock: clock, input: input, output: output).run()
    }
}

/// Where the storefront keeps its coins and cached status: files in a state directory, or memory.
struct ShopParts {
    let ledger: ConsumableLedger
    let cache: EntitlementCache

    init(state: URL?) async throws {
        guard let state else {
            ledger = try await ConsumableLedger.inMemory()
            cache = EntitlementCache(storage: InMemoryKeyValueStore())
            return
        }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        ledger = try await ConsumableLedger(path: state.appendingPathComponent("shop-coins.sqlite").path)
        cache = EntitlementCache(storage: FileKeyValueStore(url: state.appendingPathComponent("shop-status.json")))
    }
}
