/// A JSON object being read key by key. Missing keys and `null` values read as absent; unknown keys are ignored.
struct JSONObjectReader {
    /// The object itself.
    let node: JSONNode
    /// Its members.
    let members: [String: Any]

    var path: JSONPath { node.path }
    var context: CatalogReadContext { node.context }

    /// The member under `key`, or `nil` when it is missing or `null`.
    func child(_ key: String) -> JSONNode? {
        guard let value = members[key] else { return nil }
        let child = JSONNode(value: value, path: path.appending(key: key), context: context)
        return child.kind == .null ? nil : child
    }

    /// A required member: missing or `null` is an error saying what was expected.
    func required(_ key: String, expected: String) throws(StoreKitConfigurationError) -> JSONNode {
        guard let child = child(key) else {
            throw context.error(at: path.appending(key: key), .missing(expected: expected))
        }
        return child
    }

    func string(_ key: String) throws(StoreKitConfigurationError) -> String? {
        try child(key)?.string()
    }

    func requiredString(_ key: String, expected: String = "a string") throws(StoreKitConfigurationError) -> String {
        try required(key, expected: expected).string(expected: expected)
    }

    func bool(_ key: String) throws(StoreKitConfigurationError) -> Bool? {
        try child(key)?.bool()
    }

    func int(_ key: String) throws(StoreKitConfigurationError) -> Int? {
        try child(key)?.int()
    }

    func double(_ key: String) throws(StoreKitConfigurationError) -> Double? {
        try child(key)?.double()
    }

    func object(_ key: String) throws(StoreKitConfigurationError) -> JSONObjectReader? {
        try child(key)?.object()
    }

    /// The elements of an array member; a missing array reads as empty.
    func array(_ key: String) throws(StoreKitConfigurationError) -> [JSONNode] {
        try child(key)?.array() ?? []
    }

    /// Each element of an array member read with `read`; a missing array reads as empty.
    func objects<Element>(
        _ key: String, _ read: (JSONObjectReader) throws(StoreKitConfigurationError) -> Element
    ) throws(StoreKitConfigurationError) -> [Element] {
        var result: [Element] = []
        for element in try array(key) {
            result.append(try read(try element.object()))
        }
        return result
    }
}
