import Foundation

/// The `--state DIR` option shared by commands that keep files: the option, else `$TIENDA_STATE`, else `.tienda`
/// in the current directory.
enum StateDirectoryOption {
    /// The help line for the option.
    static let help = "--state DIR   Where Tienda keeps its state (default: $TIENDA_STATE, else ./.tienda)."

    /// Reads the option and resolves the directory.
    static func read(_ arguments: inout ArgumentList) throws(CommandFailure) -> URL {
        if let path = try arguments.option("--state") { return URL(fileURLWithPath: path, isDirectory: true) }
        if let path = ProcessInfo.processInfo.environment["TIENDA_STATE"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: ".tienda", isDirectory: true)
    }
}
