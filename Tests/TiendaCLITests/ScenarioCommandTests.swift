import Foundation
import Testing

@Suite struct ScenarioCommandTests {
    static let examples = [
        "renewal-with-billing-grace-recovery", "upgrade-downgrade", "refund-and-reversal", "ask-to-buy-family",
        "year-of-monthly-renewals", "offers-prices-and-extensions",
    ]

    /// A scratch folder with a copy of the example catalog, for scenarios written by the tests.
    final class Folder {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-scenario-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: TiendaProcess.packageRoot.appendingPathComponent("Examples/Tienda.storekit"),
                to: directory.appendingPathComponent("Tienda.storekit"))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Writes a scenario with the example app and `steps` (JSON text) and returns its path.
        func scenario(_ name: String, steps: String, accounts: String = #"["alice"]"#) throws -> String {
            let text = #"{"storekit": "Tienda.storekit", "bundleId": "com.tienda.example", "accounts": \#(accounts), "steps": \#(steps)}"#
            let file = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file.path
        }
    }

    @Test(arguments: examples)
    func eachExampleScenarioPrintsTheTimelineOfItsSnapshot(name: String) throws {
        let result = try TiendaProcess.run(["scenario", "run", "Examples/Scenarios/\(name).json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        try TiendaProcess.expectSnapshot(result.standardOutput, named: "scenario-\(name).txt")
    }

    @Test func jsonLinesCarryTheScenarioEveryStepAsItCompletesAndTheSummary() throws {
        let result = try TiendaProcess.run(["scenario", "run", "--json", "Examples/Scenarios/ask-to-buy-family.json"])
        #expect(result.exitCode == 0)
        let lines = try result.standardOutput.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(lines.count == 18)
        let header = try #require(lines.first?["scenario"] as? [String: Any])
        #expect(header["accounts"] as? [String] == ["parent", "kid", "grandma"])
        #expect(header["start"] as? String == "2024-06-01T18:00:00Z")
        let approval = try #require(lines[3]["step"] as? [String: Any])
        #expect(approval["kind"] as? String == "approve" && approval["path"] as? String == "steps[2]")
        let notifications = try #require(approval["notifications"] as? [[String: Any]])
        #expect(notifications.map { $0["notificationType"] as? String } == Array(repeating: "SUBSCRIBED", count: 3))
        #expect(notifications.allSatisfy { ($0["notificationUUID"] as? String)?.count == 36 && $0["status"] as? Int == 1 })
        let transactions = try #require(approval["transactions"] as? [[String: Any]])
        #expect(transactions.map { $0["accountId"] as? String } == ["kid", "grandma", "parent"])
        #expect(transactions.first?["expiresDate"] as? String == "2024-07-01T18:00:00Z")
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect(summary["expectationsFailed"] as? Int == 0 && summary["notifications"] as? Int == 13)
    }

    @Test func aFailedExpectationExitsWithOneAndPrintsADiff() throws {
        let folder = try Folder()
        let file = try folder.scenario("wrong.json", steps: """
            [{"do": "buy", "product": "com.tienda.example.pro.monthly"}, {"do": "advance", "by": "P1M"},
             {"do": "expect", "status": "expired", "notifications": ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/VOLUNTARY"]},
             {"do": "advance", "by": "P1D"}]
            """)
        let result = try TiendaProcess.run(["scenario", "run", file])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("✗ status of subscription (alice) is expired"))
        #expect(result.standardOutput.contains("4 of 4 steps"))
        #expect(result.standardError == """
            error: wrong.json: steps[2].status: status of subscription (alice) is expired
                expected: expired
                actual:   subscribed
            error: wrong.json: steps[2].notifications: notifications since the last check: SUBSCRIBED/INITIAL_BUY, EXPIRED/VOLUNTARY
                  SUBSCRIBED/INITIAL_BUY
                + DID_RENEW (status 1)
                - EXPIRED/VOLUNTARY

            """)
    }

    @Test func aRefusedStepStopsTheRunAndNamesTheStep() throws {
        let folder = try Folder()
        let file = try folder.scenario("refused.json", steps: """
            [{"do": "buy", "product": "com.tienda.example.lifetime"}, {"do": "refund", "product": "com.tienda.example.lifetime"},
             {"do": "refund", "product": "com.tienda.example.lifetime"}, {"do": "advance", "by": "P1D"}]
            """)
        let result = try TiendaProcess.run(["scenario", "run", "--quiet", file])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "error: refused.json: steps[2]: (refund) Transaction 2000000000000001 is already refunded.\n")
    }

    @Test func checkNamesTheFileTheJSONPathAndWhatIsWrong() throws {
        let folder = try Folder()
        let file = try folder.scenario("renewal.json", steps: """
            [{"do": "advance", "by": "P1M"}, {"do": "buy", "product": "com.x"}]
            """)
        let result = try TiendaProcess.run(["scenario", "check", file])
        #expect(result.exitCode == 65)
        #expect(result.standardError.hasPrefix(
            #"error: renewal.json: steps[1].product: "com.x" is not a product of Tienda.storekit (products: com.tienda.example.coins.100, "#))
        let valid = try TiendaProcess.run(["scenario", "check", "Examples/Scenarios/upgrade-downgrade.json"])
        #expect(valid.exitCode == 0)
        #expect(valid.standardOutput.contains(#"ok — "Upgrade and downgrade", 14 steps, 1 account, Tienda.storekit"#))
        let missing = try TiendaProcess.run(["scenario", "run", "Missing.json"])
        #expect(missing.exitCode == 66)
    }

    @Test func aStateDirectoryKeepsTheRunAndIsNotReused() throws {
        let folder = try Folder()
        let state = folder.directory.appendingPathComponent("state").path
        let first = try TiendaProcess.run(["scenario", "run", "--quiet", "--state", state, "Examples/Scenarios/refund-and-reversal.json"])
        #expect(first.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: state + "/engine.sqlite"))
        let again = try TiendaProcess.run(["scenario", "run", "--state", state, "Examples/Scenarios/refund-and-reversal.json"])
        #expect(again.exitCode == 64)
        #expect(again.standardError.contains("already holds an engine's state"))
    }

    @Test func helpDescribesTheOptions() throws {
        let help = try TiendaProcess.run(["scenario", "run", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.contains("USAGE: tienda scenario run FILE.json [--state DIR] [--json] [--quiet]"))
        let group = try TiendaProcess.run(["scenario"])
        #expect(group.standardOutput.contains("scenario check"))
    }
}
