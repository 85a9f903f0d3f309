import Foundation
import TiendaTestSupport

/// A running `tienda serve`: its output collected as it comes, its base URL and API key read from what it prints.
final class ServeProcess: @unchecked Sendable {
    let process = ChildProcess()
    private let lock = NSLock()
    private var collected = Data()
    private let pipe = Pipe()

    /// Starts `tienda serve` with `arguments` and waits (up to a deadline) until it says it is ready.
    init(_ arguments: [String]) throws {
        process.executableURL = TiendaProcess.executable
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = TiendaProcess.packageRoot
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collected.append(data)
            self.lock.unlock()
        }
        try process.run()
        try waitFor("Press Ctrl-C to stop.")
    }

    /// Everything printed so far.
    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    /// Polls the output until it contains `text`; real processes need a deadline, not a sleep.
    func waitFor(_ text: String, timeout: Duration = .seconds(60)) throws {
        let deadline = ContinuousClock.now + timeout
        while !output.contains(text) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw ServeFailure(message: "tienda serve did not print \"\(text)\":\n\(output)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The value printed after a label such as `base URL`.
    func value(_ label: String) -> String? {
        output.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label + " ") }
            .map { String($0.trimmingCharacters(in: .whitespaces).dropFirst(label.count)).trimmingCharacters(in: .whitespaces) }
            .map { $0.split(separator: " ").first.map(String.init) ?? $0 }
    }

    /// Sends SIGINT (unless it has exited) and waits for the exit code.
    func interrupt() -> Int32 {
        if process.isRunning { process.interrupt() }
        return waitForExit()
    }

    /// Sends SIGTERM (unless it has exited) and waits for the exit code.
    func terminate() -> Int32 {
        if process.isRunning { process.terminate() }
        return waitForExit()
    }

    /// Waits for the exit, then collects what the handler had not yet read, up to the pipe's end.
    private func waitForExit() -> Int32 {
        process.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
        let rest = (try? pipe.fileHandleForReading.readToEnd()) ?? nil
        lock.lock()
        collected.append(rest ?? Data())
        lock.unlock()
        return process.terminationStatus
    }

    struct ServeFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
