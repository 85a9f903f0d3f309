import Foundation

/// Where a command writes: results to standard output, diagnostics and progress to standard error.
struct Output: Sendable {
    /// Writes a line to standard output.
    func print(_ line: String = "") {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes text to standard output without adding a newline.
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes a line to standard error.
    func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Whether standard error is a terminal (progress bars are drawn only then).
    var standardErrorIsTerminal: Bool { isatty(2) == 1 }
}
