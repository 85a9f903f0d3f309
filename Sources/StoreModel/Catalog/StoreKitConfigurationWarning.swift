/// Something odd in a `.storekit` file that Tienda tolerated, such as a subscription whose
/// `subscriptionGroupID` names another group, or a display price that is not a number.
public struct StoreKitConfigurationWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file's name as given when loading.
    public var fileName: String
    /// Where the odd value sits.
    public var path: JSONPath
    /// What was odd and what Tienda did about it.
    public var message: String

    /// Creates a warning.
    public init(fileName: String, path: JSONPath, message: String) {
        self.fileName = fileName
        self.path = path
        self.message = message
    }

    /// `file: path: message`.
    public var description: String {
        path.isRoot ? "\(fileName): \(message)" : "\(fileName): \(path): \(message)"
    }
}
