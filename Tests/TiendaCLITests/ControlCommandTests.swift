import Foundation
import Testing

/// The control subcommands of the real `tienda` binary against a live `tienda serve`: buy, advance, refund,
/// subscription operations, listings and status, with readable output, `--json`, and clear failures.
@Suite struct ControlCommandTests {
    @Test func buyAdvanceRefundAndStatusDriveALiveServer() async throws {
        try await ServeCommandTests.blocking { try Self.drive() }
    }

    static func drive() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let serve = try ServeProcess(["Examples/Tienda.storekit", "--state", state.path, "--port", "0",
            "--notify", "http://127.0.0.1:9/notifications"])
        defer { _ = serve.terminate() }
        let server = try #require(serve.value("base URL"))
        func tienda(_ arguments: String...) throws -> TiendaProcess.Result {
            try TiendaProcess.run(arguments + ["--server", server])
        }
        func json(_ result: TiendaProcess.Result) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        }

        let bought = try tienda("buy", "com.tienda.example.pro.monthly", "--account", "alice", "--json")
        #expect(bought.exitCode == 0, "\(bought.standardError)")
        let transaction = try #require((try json(bought)["transaction"] as? [String: Any])?["transaction"] as? [String: Any])
        let originalId = try #require(transaction["originalTransactionId"] as? String)

        let advanced = try tienda("advance", "1M")
        #expect(advanced.exitCode == 0, "\(advanced.standardError)")
        #expect(advanced.standardOutput.contains("due events fired"))
        #expect(!advanced.standardOutput.contains("(0 due events fired)"))

        let listed = try tienda("transactions", "--account", "alice", "--json")
        let records = try json(listed)["transactions"] as? [[String: Any]] ?? []
        #expect(records.count == 2)
        let latest = try #require((records.last?["transaction"] as? [String: Any])?["transactionId"] as? String)
        #expect(try tienda("transactions").standardOutput.contains("transaction \(latest)"))

        let refunded = try tienda("refund", latest)
        #expect(refunded.exitCode == 0, "\(refunded.standardError)")
        #expect(refunded.standardOutput.hasPrefix("refunded  transaction \(latest)"))
        #expect(refunded.standardOutput.contains("REVOKED"))

        // A second subscription goes through its operations.
        let second = try json(try tienda("buy", "com.tienda.example.plus.weekly", "--account", "bob", "--json"))
        let secondId = try #require(((second["transaction"] as? [String: Any])?["transaction"] as? [String: Any])?["originalTransactionId"] as? String)
        #expect(try tienda("auto-renew", "off", secondId).standardOutput.contains("auto-renew off"))
        #expect(try tienda("billing", "fail", secondId).exitCode == 0)
        #expect(try tienda("billing", "resolve", secondId).exitCode == 0)
        #expect(try tienda("extend", secondId, "3").exitCode == 0)
        #expect(try tienda("expire", secondId).standardOutput.contains("expired"))

        let status = try tienda("status")
        #expect(status.exitCode == 0)
        #expect(status.standardOutput.contains("accounts   alice, bob"))
        #expect(status.standardOutput.contains("notify     http://127.0.0.1:9/notifications"))
        let notifications = try tienda("notifications", "--transaction", originalId)
        #expect(notifications.standardOutput.contains("SUBSCRIBED/INITIAL_BUY"))
        #expect(notifications.standardOutput.contains("DID_RENEW"))
        #expect(notifications.standardOutput.contains("REFUND"))

        let settings = try tienda("settings", "--billing-retry", "on", "--not-for-sale", "com.tienda.example.theme.dark")
        #expect(settings.exitCode == 0, "\(settings.standardError)")
        #expect(settings.standardOutput.contains("billingRetryOnRenewalEnabled  on"))
        #expect(settings.standardOutput.contains("productsNotForSale            com.tienda.example.theme.dark"))
        let failing = try tienda("settings", "--fail", "Purchase=generic:2")
        #expect(failing.exitCode == 0, "\(failing.standardError)")
        let simulated = try tienda("buy", "com.tienda.example.coins.100")
        #expect(simulated.exitCode == 65 && simulated.standardError.contains("simulatedError"))
        #expect(try tienda("settings", "--stop-failing", "Purchase").exitCode == 0)
        let offSale = try tienda("buy", "com.tienda.example.theme.dark")
        #expect(offSale.exitCode == 65 && offSale.standardError.contains("productUnavailable"))
        let redeemed = try tienda("redeem", "com.tienda.example.pro.yearly", "Friends", "--account", "carol")
        #expect(redeemed.exitCode == 0, "\(redeemed.standardError)")
        #expect(redeemed.standardOutput.contains("com.tienda.example.pro.yearly"))

        let unknown = try tienda("buy", "com.tienda.example.nope")
        #expect(unknown.exitCode == 65)
        #expect(unknown.standardError.contains("com.tienda.example.nope"))
        #expect(unknown.standardError.contains("productUnavailable"))
        let badStep = try tienda("advance", "soon")
        #expect(badStep.exitCode == 65 && badStep.standardError.contains("1M"))

        #expect(try tienda("reset").standardOutput.contains("reset"))
        #expect(try tienda("transactions").standardOutput.contains("no transactions"))
        #expect(serve.terminate() == 0)
    }

    @Test func everyOtherControlOperationHasACommand() async throws {
        try await ServeCommandTests.blocking { try Self.driveTheRest() }
    }

    /// Transactions (show, finish, delete, the refund-request lifecycle), accounts (update, app transaction),
    /// subscriptions (status, mass extension), products and interrupted purchases, through the real binary.
    static func driveTheRest() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let serve = try ServeProcess(["Examples/Tienda.storekit", "--state", state.path, "--port", "0"])
        defer { _ = serve.terminate() }
        let server = try #require(serve.value("base URL"))
        func tienda(_ arguments: String...) throws -> TiendaProcess.Result {
            try TiendaProcess.run(arguments + ["--server", server])
        }
        func payload(_ result: TiendaProcess.Result, _ keys: String...) throws -> [String: Any] {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            for key in keys { object = try #require(object[key] as? [String: Any]) }
            return object
        }
        func notificationNames(_ transactionId: String) throws -> [String] {
            let listed = try tienda("notifications", "--transaction", transactionId, "--json")
            let notifications = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any])["notifications"]
            return (notifications as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }

        // Products.
        let products = try tienda("products", "com.tienda.example.pro.monthly", "com.tienda.example.coins.100")
        #expect(products.exitCode == 0, "\(products.standardError)")
        #expect(products.standardOutput.contains("com.tienda.example.pro.monthly  RecurringSubscription  4.99"))
        #expect(products.standardOutput.contains("com.tienda.example.coins.100  Consumable  0.99"))
        #expect(products.standardOutput.split(separator: "\n").count == 2)

        // Accounts: create, change, and the legacy buyer's app transaction.
        #expect(try tienda("accounts", "--create", "dana").exitCode == 0)
        let updated = try tienda("accounts", "--update", "dana", "--storefront", "FRA", "--family-group", "smiths", "--can-make-payments", "off")
        #expect(updated.exitCode == 0, "\(updated.standardError)")
        #expect(updated.standardOutput.contains("dana  FRA  family smiths  cannot make payments"))
        #expect(try tienda("accounts").standardOutput.contains("dana  FRA  family smiths"))
        #expect(try tienda("accounts", "--update", "dana").exitCode == 64)
        let legacy = try tienda("app-transaction", "dana", "1.0", "--original-purchase-date", "2023-05-01T00:00:00Z", "--json")
        #expect(legacy.exitCode == 0, "\(legacy.standardError)")
        let appTransaction = try payload(legacy, "appTransaction")
        #expect(appTransaction["originalApplicationVersion"] as? String == "1.0")
        #expect(appTransaction["originalPurchaseDate"] as? Int64 == 1_682_899_200_000)
        #expect(try tienda("app-transaction", "dana", "1.0", "--original-purchase-date", "May 1st").exitCode == 64)

        // A consumable through the refund-request lifecycle, then finished and deleted.
        let coins = try payload(try tienda("buy", "com.tienda.example.coins.100", "--account", "erin", "--json"), "transaction", "transaction")
        let coinsId = try #require(coins["transactionId"] as? String)
        let shown = try tienda("transaction", "show", coinsId)
        #expect(shown.standardOutput.hasPrefix("transaction \(coinsId)  com.tienda.example.coins.100"))
        #expect(try tienda("transaction", "refund-request", coinsId).exitCode == 0)
        #expect(try tienda("transaction", "refund-decline", coinsId).standardOutput.contains("refund-decline  transaction \(coinsId)  done"))
        #expect(try tienda("transaction", "consumption-request", coinsId).exitCode == 0)
        #expect(try tienda("refund", coinsId).exitCode == 0)
        let reversed = try tienda("transaction", "refund-reverse", coinsId)
        #expect(reversed.exitCode == 0, "\(reversed.standardError)")
        #expect(!reversed.standardOutput.contains("REVOKED"))
        let names = try notificationNames(coinsId)
        #expect(names.contains("CONSUMPTION_REQUEST"))
        #expect(names.contains("REFUND_DECLINED"))
        #expect(names.contains("REFUND_REVERSED"))
        #expect(try tienda("transaction", "finish", coinsId).exitCode == 0)
        #expect(try tienda("transactions", "--account", "erin").standardOutput.contains("finished"))
        #expect(try tienda("transaction", "delete", coinsId).exitCode == 0)
        #expect(try tienda("transactions", "--account", "erin").standardOutput.contains("no transactions"))
        let gone = try tienda("transaction", "show", coinsId)
        #expect(gone.exitCode == 65 && gone.standardError.contains(coinsId))
        #expect(try tienda("transaction", "undo", coinsId).exitCode == 64)

        // Subscriptions: status, one account's list, and a mass extension.
        let monthly = try payload(try tienda("buy", "com.tienda.example.pro.monthly", "--account", "erin", "--json"), "transaction", "transaction")
        let originalId = try #require(monthly["originalTransactionId"] as? String)
        let expiresBefore = try #require(monthly["expiresDate"] as? Int64)
        #expect(try tienda("subscriptions", originalId).standardOutput.contains("subscription \(originalId)  subscribed  auto-renew on"))
        #expect(try tienda("subscriptions", "--account", "erin").standardOutput.contains("subscription \(originalId)"))
        #expect(try tienda("subscriptions").exitCode == 64)
        let extended = try tienda("extend", "--all", "com.tienda.example.pro.monthly", "10", "--storefront", "USA")
        #expect(extended.exitCode == 0, "\(extended.standardError)")
        #expect(extended.standardOutput.hasPrefix("extension of com.tienda.example.pro.monthly by 10 days requested  request "))
        // The server extends subscribers in the background, as Apple's does: wait for the summary.
        let deadline = Date().addingTimeInterval(120)
        while try !tienda("notifications").standardOutput.contains("RENEWAL_EXTENSION/SUMMARY"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try notificationNames(originalId).contains("RENEWAL_EXTENDED"))
        let renewal = try payload(try tienda("subscriptions", originalId, "--json"), "renewalInfo")
        #expect(renewal["renewalDate"] as? Int64 == expiresBefore + 10 * 86_400_000)
        #expect(try tienda("extend", originalId, "3", "--storefront", "USA").exitCode == 64)

        // Ask to Buy: one request approved, one declined.
        let asked = try payload(try tienda("buy", "com.tienda.example.pro.yearly", "--account", "fay", "--ask-to-buy", "--json"), "pendingPurchase")
        let approved = try tienda("approve", try #require(asked["id"] as? String))
        #expect(approved.standardOutput.hasPrefix("approved  transaction"), "\(approved.standardError)")
        #expect(approved.standardOutput.contains("com.tienda.example.pro.yearly"))
        let askedAgain = try payload(try tienda("buy", "com.tienda.example.theme.dark", "--account", "fay", "--ask-to-buy", "--json"), "pendingPurchase")
        let againId = try #require(askedAgain["id"] as? String)
        #expect(try tienda("decline", againId).standardOutput == "declined \(againId)\n")
        #expect(try tienda("pending").standardOutput.contains("no pending purchases"))

        // An interrupted purchase waits, then completes when resolved.
        #expect(try tienda("settings", "--interrupted-purchases", "on").exitCode == 0)
        let interrupted = try tienda("buy", "com.tienda.example.theme.dark", "--account", "erin", "--json")
        let pendingId = try #require(try payload(interrupted, "pendingPurchase")["id"] as? String)
        let resolved = try tienda("resolve", pendingId)
        #expect(resolved.exitCode == 0, "\(resolved.standardError)")
        #expect(resolved.standardOutput.hasPrefix("resolved  transaction"))
        #expect(resolved.standardOutput.contains("com.tienda.example.theme.dark"))
        #expect(serve.terminate() == 0)
    }

    @Test func aMissingServerIsReportedAsUnavailable() throws {
        let result = try TiendaProcess.run(["status", "--server", "http://127.0.0.1:9"])
        #expect(result.exitCode == 69)
        #expect(result.standardError.contains("No emulator answers at http://127.0.0.1:9"))
    }
}
