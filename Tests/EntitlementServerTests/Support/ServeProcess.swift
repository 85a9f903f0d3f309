import Foundation
import Synchronization
import TiendaTestSupport

/// The real `tienda entitlements serve` process, started and killed by the reliability test.
final class ServeProcess: Sendable {
    private let process: ChildProcess
    private let output = OutputBuffer()
    /// The port it listens on.
    let port: Int

    /// The `tienda` binary built alongside the tests.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tienda")
    }

    /// Starts the server on `database` (a `--db` value: `sqlite:PATH` or a PostgreSQL URI) and waits (up to
    /// `deadline`) until it prints its URL.
    init(config: String, database: String, port: Int, deadline: Duration = .seconds(30)) async throws {
        let process = ChildProcess()
        process.executableURL = Self.executable
        process.arguments = ["entitlements", "serve", "--config", config, "--db", database, "--port", String(port)]
        let standardOutput = Pipe()
        process.standardOutput = standardOutput
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        output.collect(from: standardOutput.fileHandleForReading)
        let start = ContinuousClock.now
        while true {
            let text = output.text
            if let range = text.range(of: "http://127.0.0.1:"),
                let bound = Int(text[range.upperBound...].prefix { $0.isNumber })
            {
                self.port = bound
                return
            }
            guard process.isRunning, ContinuousClock.now - start < deadline else {
                process.terminate()
                throw ServeProcessError(message: "the server did not start; it printed: \(text)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Sends SIGKILL and waits for the process to end.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGTERM and waits for a graceful stop.
    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct ServeProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// What the process printed so far, appended by a reader thread.
/// What a child process printed so far, read on a thread of its own until the pipe closes.
final class OutputBuffer: Sendable {
    private let storage = Mutex("")

    /// Appends everything `handle` yields, on a new thread, until end of file.
    func collect(from handle: FileHandle) {
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                self.storage.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
    }

    var text: String { storage.withLock { $0 } }
}
