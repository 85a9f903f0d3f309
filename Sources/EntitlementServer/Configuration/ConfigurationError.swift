public import StoreModel

/// A problem in the entitlement server's configuration file: which file, which key, what is wrong and how to fix
/// it.
///
/// ```
/// entitlements.json: products["pro.monthly"].capabilities: expected an array of strings, found a number.
/// Write the capabilities this product grants, for example ["pro"].
/// ```
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration file, as given on the command line.
    public let file: String
    /// Where in the file the problem is (`$` for the whole document).
    public let path: JSONPath
    /// What is wrong.
    public let problem: String
    /// How to fix it.
    public let fix: String

    /// Creates an error.
    public init(file: String, path: JSONPath, problem: String, fix: String) {
        self.file = file
        self.path = path
        self.problem = problem
        self.fix = fix
    }

    /// `file: path: problem. fix`
    public var description: String {
        let location = path.isRoot ? file : "\(file): \(path)"
        return "\(location): \(problem). \(fix)"
    }
}
