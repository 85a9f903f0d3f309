import Foundation
import Testing
import TiendaTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a real terminal: a private tmux server (its own socket, no user configuration) with one
/// session, driven with `send-keys` and read with `capture-pane`.
final class TmuxSession {
    /// A tmux command that failed, or a screen that never came.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A directory of this session's own: the tmux server's socket and the commands' output.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-tmux-\(UUID().uuidString.prefix(8))")
    /// The tmux server's socket.
    private var socket: String { directory.appendingPathComponent("socket").path }
    private let target = "shop"

    /// Starts `arguments` (an executable and its arguments) in a `width` × `height` terminal in `directory`,
    /// under a shell that prints the program's exit status on the screen when it ends; the pane stays after it.
    /// - Throws: ``Failure`` when tmux is missing or cannot start the session.
    init(_ arguments: [String], directory: URL, width: Int = 100, height: Int = 40) throws {
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        let reportingExit = ["/bin/sh", "-c", "\"$@\"; echo \"\(Self.exitMarker)$?]\"", "sh"] + arguments
        try tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)",
            "-c", directory.path, "--",
        ] + reportingExit)
        try tmux(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    /// What the shell prints before the exit status.
    private static let exitMarker = "[program exited with status "

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Types `text` and presses Enter.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
        try tmux(["send-keys", "-t", target, "Enter"])
    }

    /// The visible screen, one string per line, trailing blanks removed.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", target])
    }

    /// Polls the screen until `condition` holds and returns it, or throws with the last screen when `timeout`
    /// passes first (the program is another process: there is no event to wait on).
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(20), _ what: String, until condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw Failure(description: "the screen never showed \(what) within \(timeout); it shows:\n\(last)")
    }

    /// Waits for a screen containing every one of `texts`.
    @discardableResult
    func waitForScreen(containing texts: String..., timeout: Duration = .seconds(20)) async throws -> String {
        try await waitForScreen(timeout: timeout, texts.map { "'\($0)'" }.joined(separator: " and ")) { screen in
            texts.allSatisfy(screen.contains)
        }
    }

    /// Waits for the program to exit and returns its exit status, as the shell printed it.
    func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32 {
        let screen = try await waitForScreen(timeout: timeout, "the program's exit") { $0.contains(Self.exitMarker) }
        let line = try #require(screen.split(separator: "\n").last { $0.contains(Self.exitMarker) })
        let status = line.split(separator: "status ").last?.prefix { $0.isNumber }
        return try #require(status.flatMap { Int32($0) })
    }

    /// Runs `tmux -S socket arguments…` and returns its standard output without the trailing newline.
    ///
    /// Spawned and reaped directly (posix_spawn, waitpid), with output through files: the first command forks the
    /// tmux server, which keeps the descriptors it inherited, so a pipe would never reach its end.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let run = UUID().uuidString.prefix(8)
        let outputPath = directory.appendingPathComponent("\(run).stdout").path
        let errorPath = directory.appendingPathComponent("\(run).stderr").path
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // Nothing else of this process reaches the tmux server forked from this client, which outlives the command
        // (a pipe end it kept would hide EOF from another test's reader).
        SpawnActions.closeDescriptors(from: 3, in: &actions)
        // A clean signal state, or the tmux server would inherit the worker thread's mask and never hear SIGCHLD.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        SpawnActions.resetSignals(in: &attributes)

        let argv = ["tmux", "-S", socket] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, environ)
        guard spawned == 0 else {
            throw Failure(description: "could not run tmux (\(String(cString: strerror(spawned)))); install it (apt-get install tmux)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard exitCode == 0 else {
            let message = ((try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (exit \(exitCode)): \(message)")
        }
        return printed.trimmingCharacters(in: .newlines)
    }
}
