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

    @Test func aMissingServerIsReportedAsUnavailable() throws {
        let result = try TiendaProcess.run(["status", "--server", "http://127.0.0.1:9"])
        #expect(result.exitCode == 69)
        #expect(result.standardError.contains("No emulator answers at http://127.0.0.1:9"))
    }
}
