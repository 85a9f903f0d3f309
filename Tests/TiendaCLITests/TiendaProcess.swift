import Foundation
import Testing
import TiendaTestSupport

/// Runs the built `tienda` executable, which SwiftPM places next to the test bundle.
struct TiendaProcess {
    /// What a run printed and how it ended.
    struct Result {
        var exitCode: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `tienda` binary built alongside the tests.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tienda")
    }

    /// The package root (two levels above this file's directory).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `tienda` with `arguments` from the package root and waits for it to exit.
    static func run(_ arguments: [String], standardInput: String? = nil) throws -> Result {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let standardInput { input.fileHandleForWriting.write(Data(standardInput.utf8)) }
        try input.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            exitCode: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Compares `text` with a snapshot in `Snapshots/`; with `TIENDA_UPDATE_SNAPSHOTS=1` in the environment it
    /// writes the snapshot instead.
    static func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["TIENDA_UPDATE_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: snapshotURL(name))
            return
        }
        #expect(text == (try snapshot(name)), "output differs from Snapshots/\(name)", sourceLocation: sourceLocation)
    }

    private static func snapshotURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots").appendingPathComponent(name)
    }

    /// The text of a snapshot in `Snapshots/`.
    static func snapshot(_ name: String) throws -> String {
        try String(contentsOf: snapshotURL(name), encoding: .utf8)
    }
}
