import Foundation
import TiendaTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `tienda serve` on a free port with its own state directory, stopped with SIGINT.
final class EmulatorProcess: @unchecked Sendable {
    private let process = ChildProcess()
    private let lock = NSLock()
    private var collected = Data()
    /// The state directory, removed when stopped.
    let state: URL
    /// Where it serves, as it printed it.
    private(set) var baseURL: URL!

    /// The package root (two levels above this file's directory).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Starts `tienda serve CATALOG --port 0`; ``waitUntilServing(timeout:)`` waits until it listens.
    init(catalog: String = "Examples/Tienda.storekit", arguments: [String] = []) throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-web-\(UUID().uuidString)")
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tienda")
        process.arguments = ["serve", catalog, "--port", "0", "--state", state.path] + arguments
        process.currentDirectoryURL = Self.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collected.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    /// Polls its output (with a deadline: it is another process) until it prints its base URL.
    func waitUntilServing(timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let line = printedLine(containing: "base URL"), let text = line.split(separator: " ").last, let url = URL(string: String(text)) {
                baseURL = url
                return
            }
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw DevToolsPipe.Failure(description: "tienda serve did not print its base URL:\n\(output)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Everything it printed so far.
    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    private func printedLine(containing text: String) -> String? {
        output.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    /// Sends SIGINT, waits for it to exit and removes the state directory.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: state)
        return process.terminationStatus
    }

    /// A JSON request to the control API; the answer's JSON value.
    func control(_ method: String, _ path: String, body: [String: Any]? = nil) async throws -> Any {
        guard let url = URL(string: "\(baseURL.absoluteString)/control/v1/\(path)") else {
            throw DevToolsPipe.Failure(description: "Not a control API path: \(path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw DevToolsPipe.Failure(description: "\(method) \(path): \(status) \(String(decoding: data, as: UTF8.self))")
        }
        return data.isEmpty ? [:] : try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
