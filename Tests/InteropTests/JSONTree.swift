import Foundation

/// Structural comparison of parsed JSON values, numbers by value, so that differences are reported by path.
enum JSONTree {
    /// Every path at which `actual` differs from `expected` (missing keys, extra keys, different values).
    static func differences(expected: Any, actual: Any, path: String = "$") -> [String] {
        switch (expected, actual) {
        case (let expected as [String: Any], let actual as [String: Any]):
            var found: [String] = []
            for key in Set(expected.keys).union(actual.keys).sorted() {
                switch (expected[key], actual[key]) {
                case (nil, _): found.append("\(path).\(key): not expected, got \(actual[key]!)")
                case (_, nil): found.append("\(path).\(key): missing, expected \(expected[key]!)")
                case (let left?, let right?): found += differences(expected: left, actual: right, path: "\(path).\(key)")
                }
            }
            return found
        case (let expected as [Any], let actual as [Any]):
            guard expected.count == actual.count else {
                return ["\(path): \(expected.count) elements expected, got \(actual.count)"]
            }
            return zip(expected, actual).enumerated().flatMap {
                differences(expected: $1.0, actual: $1.1, path: "\(path)[\($0)]")
            }
        case (let expected as NSNumber, let actual as NSNumber):
            let bothBooleans = isBoolean(expected) == isBoolean(actual)
            return bothBooleans && expected == actual ? [] : ["\(path): expected \(expected), got \(actual)"]
        case (let expected as String, let actual as String):
            return expected == actual ? [] : ["\(path): expected \"\(expected)\", got \"\(actual)\""]
        default:
            return ["\(path): expected \(expected), got \(actual)"]
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    /// Parses JSON bytes.
    static func parse(_ data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
