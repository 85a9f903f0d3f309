import Foundation

/// Reads a command's input: a file path, `-` for standard input, or (where allowed) the text itself.
enum InputText {
    /// The bytes of `argument`: standard input for `-`, else the file at that path.
    static func bytes(of argument: String) throws(CommandFailure) -> Data {
        if argument == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: argument))
        } catch {
            throw .noInput("\(argument): cannot be read (\(error.localizedDescription)).")
        }
    }

    /// A JWS given inline, in a file, or on standard input, without surrounding whitespace.
    static func jws(from argument: String) throws(CommandFailure) -> String {
        let looksInline = argument.split(separator: ".", omittingEmptySubsequences: false).count == 3
            && !FileManager.default.fileExists(atPath: argument)
        let text = looksInline ? argument : String(decoding: try bytes(of: argument), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
