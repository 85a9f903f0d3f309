/// What a parse of one `.storekit` file shares: the file name for messages and the warnings collected so far.
final class CatalogReadContext {
    /// The file name used in errors and warnings.
    let fileName: String
    /// Tolerated oddities, in the order they were found.
    private(set) var warnings: [StoreKitConfigurationWarning] = []

    init(fileName: String) {
        self.fileName = fileName
    }

    /// Records a tolerated oddity.
    func warn(at path: JSONPath, _ message: String) {
        warnings.append(StoreKitConfigurationWarning(fileName: fileName, path: path, message: message))
    }

    /// An error about the value at `path`.
    func error(at path: JSONPath, _ problem: StoreKitConfigurationError.Problem) -> StoreKitConfigurationError {
        StoreKitConfigurationError(fileName: fileName, path: path, problem: problem)
    }
}
