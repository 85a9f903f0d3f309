import Foundation
import StoreModel

extension Scenario {
    /// Loads a scenario file and the `.storekit` file it names (relative to the scenario's folder), and checks every
    /// step against the catalog: products, offers, accounts, labels, durations and dates.
    /// - Throws: ``ScenarioError`` naming the file, the JSON path and what is wrong.
    public static func load(contentsOf url: URL) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).code == NSFileReadNoSuchFileError ? "no such file" : error.localizedDescription
            throw ScenarioError(fileName: url.lastPathComponent, problem: .unreadable(reason))
        }
        return try Scenario(data: data, fileName: url.lastPathComponent, directory: url.deletingLastPathComponent())
    }

    /// Reads a scenario from its bytes; `directory` is where a relative `storekit` path starts.
    public init(data: Data, fileName: String, directory: URL) throws(ScenarioError) {
        let root = try ScenarioDocument.parse(data, fileName: fileName).object()
        self = try ScenarioReader.read(root, fileName: fileName, directory: directory)
    }
}
