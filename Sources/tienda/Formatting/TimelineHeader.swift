import AppStoreScenarios
import StoreModel

/// The first line of `tienda scenario run --json`: the scenario being run.
struct TimelineHeader: Encodable {
    var name: String
    var file: String
    var description: String?
    var storekit: String
    var bundleId: String
    var environment: String
    var start: TimelineInstant
    var accounts: [String]
    var steps: Int

    init(_ scenario: Scenario) {
        name = scenario.name
        file = scenario.fileName
        description = scenario.description
        storekit = scenario.catalogName
        bundleId = scenario.bundleId
        environment = scenario.environment.rawValue
        start = TimelineInstant(scenario.start)
        accounts = scenario.accounts.map(\.id)
        steps = scenario.steps.count
    }
}
