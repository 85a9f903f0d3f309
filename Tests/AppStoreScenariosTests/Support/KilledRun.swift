import Foundation
import TiendaTestSupport

/// A `tienda scenario run --json` process killed with SIGKILL some time after it printed a given number of lines,
/// and every complete line it printed before it died.
struct KilledRun {
    /// The complete lines of standard output (a line cut by the kill is dropped).
    var lines: [String]
    /// Whether SIGKILL ended the process (`false` when it finished first).
    var wasKilled: Bool

    /// The `tienda` binary built next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tienda")
    }

    /// Runs `arguments`, waits for `lineCount` lines, sleeps `delay` seconds, then sends SIGKILL; reads standard
    /// output to its end on a thread of its own.
    static func run(_ arguments: [String], killAfterLines lineCount: Int, delay: Double) async throws -> KilledRun {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let data = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            Thread.detachNewThread {
                var data = Data()
                var armed = false
                while true {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                    if !armed, data.reduce(0, { $0 + ($1 == 0x0A ? 1 : 0) }) >= lineCount {
                        armed = true
                        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { kill(pid, SIGKILL) }
                    }
                }
                continuation.resume(returning: data)
            }
        }
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // the text after the last newline: empty, or a line the kill cut short
        return KilledRun(
            lines: lines, wasKilled: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }
}
