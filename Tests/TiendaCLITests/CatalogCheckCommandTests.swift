import Foundation
import Testing

@Suite struct CatalogCheckCommandTests {
    @Test func summarisesTheExampleCatalogAsTheSnapshotShows() throws {
        let result = try TiendaProcess.run(["catalog", "check", "Examples/Tienda.storekit"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == (try TiendaProcess.snapshot("catalog-check-example.txt")))
    }

    @Test func reportsEveryFileAsJSON() throws {
        let result = try TiendaProcess.run([
            "catalog", "check", "--json", "Examples/Tienda.storekit",
            "Tests/Fixtures/storekit-samples/apple__sample-food-truck__Products.storekit",
        ])
        #expect(result.exitCode == 0)
        let reports = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(reports.count == 2)
        #expect(reports[0]["loaded"] as? Bool == true)
        #expect((reports[0]["products"] as? [Any])?.count == 5)
        let foodTruckGroups = try #require(reports[1]["subscriptionGroups"] as? [[String: Any]])
        #expect(foodTruckGroups.first?["id"] as? String == "20947887")
    }

    @Test func namesTheFileThePathAndTheExpectationOfABadFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("Products.storekit")
        try Data(#"{"products":[{"productID":"a","type":"Consumable"},{"productID":"b","type":"Foo"}]}"#.utf8)
            .write(to: bad)
        let result = try TiendaProcess.run(["catalog", "check", bad.path, "Examples/Tienda.storekit"])
        #expect(result.exitCode == 65)
        #expect(
            result.standardError
                == "error: Products.storekit: products[1].type: \"Foo\" is not one of Consumable, NonConsumable, NonRenewingSubscription\n"
        )
        #expect(result.standardOutput.contains("Tienda.storekit — format 4.0"))
    }

    @Test func exitsWithNoInputForAMissingFile() throws {
        let result = try TiendaProcess.run(["catalog", "check", "Missing.storekit"])
        #expect(result.exitCode == 66)
        #expect(result.standardError.contains("Missing.storekit"))
    }

    @Test func explainsItselfWithHelpAndRejectsUnknownOptions() throws {
        let help = try TiendaProcess.run(["catalog", "check", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.contains("USAGE: tienda catalog check"))
        let wrong = try TiendaProcess.run(["catalog", "check", "--yaml", "Examples/Tienda.storekit"])
        #expect(wrong.exitCode == 64)
        #expect(wrong.standardError.contains("'--yaml'"))
    }
}
