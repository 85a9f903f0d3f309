/// One `tienda` subcommand.
protocol Command: Sendable {
    /// The words that select it, e.g. `["catalog", "check"]`.
    static var path: [String] { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text: usage line, description, options and examples.
    static var help: String { get }
    /// Runs the command with its own arguments (the selecting words removed).
    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode
}

extension Command {
    /// `tienda catalog check`.
    static var invocation: String { (["tienda"] + path).joined(separator: " ") }
}
