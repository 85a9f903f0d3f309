import Foundation
import StoreModel

/// Turns a scenario file's bytes into its root ``ScenarioNode``, and JSON syntax errors into errors that say
/// where (line and column) and what.
enum ScenarioDocument {
    static func parse(_ data: Data, fileName: String) throws(ScenarioError) -> ScenarioNode {
        let bytes = [UInt8](data)
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw ScenarioError(fileName: fileName, problem: .empty)
        }
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return ScenarioNode(value: value, path: .root, fileName: fileName)
        } catch {
            throw syntaxError(error as NSError, bytes: bytes, fileName: fileName)
        }
    }

    private static func syntaxError(_ error: NSError, bytes: [UInt8], fileName: String) -> ScenarioError {
        let problem = JSONSyntaxProblem(error, bytes: bytes)
        return ScenarioError(fileName: fileName, position: problem.position, problem: .invalidJSON(problem.message))
    }
}
