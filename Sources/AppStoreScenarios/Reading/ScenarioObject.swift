import StoreModel

/// A JSON object of a scenario file read key by key. Unlike `.storekit` files, scenario files are written by
/// hand for Tienda, so a key the object does not take is an error (it is usually a typo).
struct ScenarioObject {
    /// The object itself.
    let node: ScenarioNode
    /// Its members.
    let members: [String: Any]

    var path: JSONPath { node.path }

    /// The member under `key`, or `nil` when it is missing or `null`.
    func child(_ key: String) -> ScenarioNode? {
        guard let value = members[key] else { return nil }
        let child = ScenarioNode(value: value, path: path.appending(key: key), fileName: node.fileName)
        return child.isNull ? nil : child
    }

    /// Whether `key` is present (and not `null`).
    func has(_ key: String) -> Bool { child(key) != nil }

    /// A required member.
    func required(_ key: String, expected: String) throws(ScenarioError) -> ScenarioNode {
        guard let child = child(key) else {
            throw ScenarioError(fileName: node.fileName, path: path.appending(key: key), problem: .missing(expected: expected))
        }
        return child
    }

    func string(_ key: String) throws(ScenarioError) -> String? { try child(key)?.string() }

    func requiredString(_ key: String, expected: String = "a string") throws(ScenarioError) -> String {
        try required(key, expected: expected).string(expected: expected)
    }

    func bool(_ key: String) throws(ScenarioError) -> Bool? { try child(key)?.bool() }

    func int(_ key: String) throws(ScenarioError) -> Int? { try child(key)?.int() }

    /// Fails on the first key (in sorted order) that is not in `allowed`.
    func rejectUnknownKeys(allowed: [String]) throws(ScenarioError) {
        for key in members.keys.sorted() where !allowed.contains(key) {
            throw ScenarioError(
                fileName: node.fileName, path: path.appending(key: key), problem: .unknownKey(allowed: allowed))
        }
    }

    /// An error about the whole object.
    func error(_ problem: ScenarioError.Problem) -> ScenarioError { node.error(problem) }

    /// An error about the member `key`.
    func error(at key: String, _ problem: ScenarioError.Problem) -> ScenarioError {
        ScenarioError(fileName: node.fileName, path: path.appending(key: key), problem: problem)
    }
}
