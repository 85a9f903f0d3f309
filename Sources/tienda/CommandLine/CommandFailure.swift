/// An error that ends a command with a message for the user and a specific exit code.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, where, and how to fix it.
    var message: String
    /// The process exit code.
    var exitCode: ExitCode
    /// Whether to print the command's usage after the message.
    var showsUsage: Bool

    /// A command-line mistake: printed with the usage, exit code 64.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: .usage, showsUsage: true)
    }

    /// Malformed input data: exit code 65.
    static func badData(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: .badData, showsUsage: false)
    }

    /// An input that cannot be read: exit code 66.
    static func noInput(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: .noInput, showsUsage: false)
    }

    /// A failure inside Tienda or the system: exit code 70.
    static func software(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: .software, showsUsage: false)
    }

    var description: String { message }
}
