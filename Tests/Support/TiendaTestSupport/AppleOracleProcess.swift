import Foundation

/// Apple's App Store Server Library for Python, run as a child process through `Tests/Interop/apple_oracle.py`.
///
/// The interpreter is `TIENDA_PYTHON` (set by `make test`) or the package's `.venv` (`make venv`). The process is
/// waited for on a dispatch thread, never on a Swift concurrency thread, which live servers in the same test
/// process need.
public enum AppleOracleProcess {
    /// The package root.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The interpreter with `app-store-server-library` installed, if there is one.
    public static var python: URL? {
        if let configured = ProcessInfo.processInfo.environment["TIENDA_PYTHON"] { return URL(fileURLWithPath: configured) }
        let local = packageRoot.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Whether the oracle can run here (`make test` always arranges it).
    public static var isAvailable: Bool { python != nil }

    /// Runs the oracle in `mode` with `input` on its standard input and returns its standard output.
    public static func run(_ mode: String, input: Data) async throws(AppleOracleError) -> Data {
        let result: Result<Data, AppleOracleError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: runBlocking(mode, input: input)) }
        }
        return try result.get()
    }

    /// Runs the oracle on the calling thread (for synchronous tests that hold no server).
    public static func runBlocking(_ mode: String, input: Data) -> Result<Data, AppleOracleError> {
        guard let python else { return .failure(.unavailable) }
        let process = ChildProcess()
        process.executableURL = python
        process.arguments = [packageRoot.appendingPathComponent("Tests/Interop/apple_oracle.py").path, mode]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        } catch {
            return .failure(.failed("could not start \(python.path): \(error)"))
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let diagnostics = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return .failure(.failed(String(decoding: diagnostics, as: UTF8.self))) }
        return .success(output)
    }
}

/// Why the oracle gave no answer.
public enum AppleOracleError: Error, CustomStringConvertible {
    /// No interpreter with Apple's library.
    case unavailable
    /// The oracle exited with an error; its diagnostics.
    case failed(String)

    public var description: String {
        switch self {
        case .unavailable: "Apple's Python library is not installed: run `make venv` (or `make test`)."
        case .failed(let diagnostics): "apple_oracle.py failed: \(diagnostics)"
        }
    }
}
