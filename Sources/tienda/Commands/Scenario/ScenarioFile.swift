import AppStoreScenarios
import Foundation
import StoreModel

/// Loading a scenario file for a command: errors become command failures with the loader's message.
enum ScenarioFile {
    /// The scenario at `path`.
    /// - Throws: ``CommandFailure`` with exit code 66 when the file (or its catalog) cannot be read, 65 when it is
    ///   malformed.
    static func load(_ path: String) throws(CommandFailure) -> Scenario {
        do {
            return try Scenario.load(contentsOf: URL(fileURLWithPath: path))
        } catch {
            switch error.problem {
            case .unreadable: throw CommandFailure.noInput(error.description)
            case .catalog(let catalogError):
                if case .unreadable = catalogError.problem { throw .noInput(error.description) }
                throw .badData(error.description)
            default: throw .badData(error.description)
            }
        }
    }
}
