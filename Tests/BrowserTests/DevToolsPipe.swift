import Foundation
import TiendaTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven through the Chrome DevTools Protocol over `--remote-debugging-pipe`: the browser
/// reads NUL-terminated JSON commands on file descriptor 3 and writes answers and events on descriptor 4, so no
/// WebSocket or port is needed.
///
/// Commands are `async`: a dedicated reader thread resumes each waiting command when its answer arrives, so no
/// thread of the cooperative pool is held while the browser works. A test-side wrapper around a child process and
/// two pipe descriptors; its mutable state is guarded by `lock`, which is why it is `@unchecked Sendable`.
final class DevToolsPipe: @unchecked Sendable {
    /// Chromium's executable: `$TIENDA_CHROMIUM`, else `chromium` or `chromium-browser` on the `PATH`.
    static let executable: String? = {
        if let explicit = ProcessInfo.processInfo.environment["TIENDA_CHROMIUM"], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: URL
    private let lock = NSLock()
    private var nextId = 1
    private var waiters: [Int: CheckedContinuation<Data, any Error>] = [:]
    private var closed = false
    private var stopped = false
    private var reader: Thread?

    /// Starts headless Chromium with a throwaway profile.
    init(executable: String) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe() failed: errno \(errno)") }
        // Every end close-on-exec and above 4, so that only the copies the child makes at 3 and 4 survive exec.
        for index in 0..<2 {
            toBrowser[index] = Self.movedAboveFour(toBrowser[index])
            fromBrowser[index] = Self.movedAboveFour(fromBrowser[index])
        }
        let arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
            // Nothing in the background: the machine is shared with the rest of the test suite.
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
            "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
            "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--window-size=1280,900", "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let log = profile.appendingPathComponent("chromium.log").path
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        // Nothing else of this process may reach the browser: a pipe end it kept open would hide EOF from
        // whoever reads that pipe (another test's child waiting for its input to end, for example).
        SpawnActions.closeDescriptors(from: 5, in: &actions)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw Failure(description: "Cannot start \(executable): posix_spawn error \(status)")
        }
        pid = child
        commands = toBrowser[1]
        answers = fromBrowser[0]
        let thread = Thread { [weak self] in self?.readAnswers() }
        thread.name = "devtools-pipe"
        reader = thread
        thread.start()
    }

    deinit { shutDown() }

    /// A close-on-exec duplicate of `fd` numbered 10 or more; `fd` is closed.
    private static func movedAboveFour(_ fd: Int32) -> Int32 {
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        close(fd)
        return moved
    }

    /// Sends a command and waits (up to `timeout`) for its answer.
    /// - Parameters:
    ///   - session: The target session for page-level commands, `nil` for browser-level ones.
    /// - Returns: The command's `result` object.
    @discardableResult
    func send(
        _ method: String, _ parameters: [String: Any] = [:], session: String? = nil, timeout: Duration = .seconds(30)
    ) async throws -> [String: Any] {
        var message: [String: Any] = ["method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        let id = lock.withLock {
            defer { nextId += 1 }
            return nextId
        }
        message["id"] = id
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        let frame = data
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            self?.fail(id, Failure(description: "Chromium did not answer \(method) in \(timeout)."))
        }
        defer { timer.cancel() }
        let answerData = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            lock.lock()
            if closed {
                lock.unlock()
                continuation.resume(throwing: Failure(description: "Chromium exited before \(method).\n\(browserLog)"))
                return
            }
            waiters[id] = continuation
            lock.unlock()
            if !writeAll(frame) { fail(id, Failure(description: "Chromium closed its command pipe (\(method)).")) }
        }
        let answer = try JSONSerialization.jsonObject(with: answerData) as? [String: Any] ?? [:]
        if let error = answer["error"] as? [String: Any] {
            throw Failure(description: "\(method) failed: \(error["message"] ?? error)")
        }
        return answer["result"] as? [String: Any] ?? [:]
    }

    private func writeAll(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(commands, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Ends the wait of command `id`, if it still waits, with `error`.
    private func fail(_ id: Int, _ error: Failure) {
        lock.lock()
        let waiter = waiters.removeValue(forKey: id)
        lock.unlock()
        waiter?.resume(throwing: error)
    }

    /// What Chromium printed, for failure messages.
    var browserLog: String {
        (try? String(contentsOf: profile.appendingPathComponent("chromium.log"), encoding: .utf8)) ?? ""
    }

    /// Asks the browser to close, then reaps it and removes its profile.
    func shutDown() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(commands)
        try? FileManager.default.removeItem(at: profile)
    }

    private func readAnswers() {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(answers, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            pending.append(contentsOf: buffer[0..<count])
            while let end = pending.firstIndex(of: 0) {
                let frame = pending[pending.startIndex..<end]
                pending = Data(pending[pending.index(after: end)...])
                guard let object = try? JSONSerialization.jsonObject(with: frame) as? [String: Any],
                    let id = object["id"] as? Int
                else { continue }  // events are not needed: the tests poll the page
                lock.lock()
                let waiter = waiters.removeValue(forKey: id)
                lock.unlock()
                waiter?.resume(returning: Data(frame))
            }
        }
        close(answers)
        lock.lock()
        closed = true
        let stranded = waiters
        waiters = [:]
        lock.unlock()
        for waiter in stranded.values { waiter.resume(throwing: Failure(description: "Chromium exited.\n\(browserLog)")) }
    }
}
