import Foundation
import Synchronization

/// A child process started with `posix_spawn`: what the tests use in place of Foundation's `Process`.
///
/// On Linux, `Process.run()` lists `/proc/self/fd` and copies each entry's whole 256-byte name out of glibc's
/// 32 KiB directory buffer (swift-corelibs-foundation #5472). Past about 1,300 open descriptors, which the parallel
/// test suite reaches while many servers and stores are open at once, that copy reads beyond the buffer and can
/// crash the test process. Here the child's other descriptors are closed by glibc's
/// `posix_spawn_file_actions_addclosefrom_np` instead, whatever the parent holds.
///
/// The surface is the part of `Process` the tests use: set the executable, arguments, environment, directory and
/// standard streams, then `run()`, `waitUntilExit()`, and read `terminationStatus` and `terminationReason`. A
/// `Pipe` given as a stream has its child's end closed in this process once the child runs, as `Process` does, so
/// that reading the other end meets EOF when the child exits.
public final class ChildProcess: Sendable {
    private struct Configuration {
        var executableURL: URL?
        var arguments: [String] = []
        var environment: [String: String]?
        var currentDirectoryURL: URL?
        var standardInput: (any ChildProcessStream)?
        var standardOutput: (any ChildProcessStream)?
        var standardError: (any ChildProcessStream)?
    }

    private enum Phase {
        case configuring
        case running(pid_t)
        case exited(pid_t, status: Int32)
    }

    private let configuration = Mutex(Configuration())
    private let phase = Mutex(Phase.configuring)

    public init() {}

    /// The program to run (an absolute path; the `PATH` is not searched).
    public var executableURL: URL? {
        get { configuration.withLock { $0.executableURL } }
        set { configuration.withLock { $0.executableURL = newValue } }
    }

    /// The arguments after the program's name.
    public var arguments: [String]? {
        get { configuration.withLock { $0.arguments } }
        set { configuration.withLock { $0.arguments = newValue ?? [] } }
    }

    /// The child's whole environment; `nil` passes this process's on.
    public var environment: [String: String]? {
        get { configuration.withLock { $0.environment } }
        set { configuration.withLock { $0.environment = newValue } }
    }

    /// The child's working directory; `nil` keeps this process's.
    public var currentDirectoryURL: URL? {
        get { configuration.withLock { $0.currentDirectoryURL } }
        set { configuration.withLock { $0.currentDirectoryURL = newValue } }
    }

    /// A `Pipe` or `FileHandle` for the child's standard input; `nil` shares this process's.
    public var standardInput: (any ChildProcessStream)? {
        get { configuration.withLock { $0.standardInput } }
        set { configuration.withLock { $0.standardInput = newValue } }
    }

    /// A `Pipe` or `FileHandle` for the child's standard output; `nil` shares this process's.
    public var standardOutput: (any ChildProcessStream)? {
        get { configuration.withLock { $0.standardOutput } }
        set { configuration.withLock { $0.standardOutput = newValue } }
    }

    /// A `Pipe` or `FileHandle` for the child's standard error; `nil` shares this process's.
    public var standardError: (any ChildProcessStream)? {
        get { configuration.withLock { $0.standardError } }
        set { configuration.withLock { $0.standardError = newValue } }
    }

    /// Starts the child.
    /// - Throws: `ChildProcessError` when no executable is set, the process already ran, or `posix_spawn` fails.
    public func run() throws(ChildProcessError) {
        let configuration = configuration.withLock { $0 }
        guard let executable = configuration.executableURL?.path else { throw .noExecutable }
        try phase.withLock { phase throws(ChildProcessError) in
            guard case .configuring = phase else { throw .alreadyRun(executable) }
            let streams = [configuration.standardInput, configuration.standardOutput, configuration.standardError]
            let pid = try Self.spawn(executable, configuration, streams: streams)
            for (descriptor, stream) in streams.enumerated() {
                stream?.closeChildEnd(isInput: descriptor == 0)
            }
            phase = .running(pid)
        }
    }

    /// The child's process ID (0 before `run()`).
    public var processIdentifier: pid_t {
        phase.withLock { phase in
            switch phase {
            case .configuring: 0
            case .running(let pid), .exited(let pid, _): pid
            }
        }
    }

    /// Whether the child was started and has not exited yet.
    public var isRunning: Bool {
        reapIfExited()
        return phase.withLock { if case .running = $0 { true } else { false } }
    }

    /// Blocks the calling thread until the child exits (at once if it never started or already exited).
    public func waitUntilExit() {
        while true {
            guard case .running(let pid) = phase.withLock({ $0 }) else { return }
            // Waits without reaping, outside the lock, so that `isRunning` never blocks behind this wait.
            var information = siginfo_t()
            if waitid(P_PID, id_t(pid), &information, WEXITED | WNOWAIT) == -1 {
                if errno == EINTR { continue }
                // ECHILD: something else in this process reaped the child; its status is lost (reported as 255).
                phase.withLock { if case .running = $0 { $0 = .exited(pid, status: 255 << 8) } }
            }
            reapIfExited()
        }
    }

    /// The exit code, or the number of the signal that ended the child; 0 while it runs.
    public var terminationStatus: Int32 {
        reapIfExited()
        return phase.withLock { phase in
            guard case .exited(_, let status) = phase else { return 0 }
            return Self.exited(status) ? (status >> 8) & 0xff : status & 0x7f
        }
    }

    /// Whether the child exited or was ended by a signal.
    public var terminationReason: Process.TerminationReason {
        reapIfExited()
        return phase.withLock { phase in
            guard case .exited(_, let status) = phase else { return .exit }
            return Self.exited(status) ? .exit : .uncaughtSignal
        }
    }

    /// Sends SIGTERM to a running child.
    public func terminate() { signal(SIGTERM) }

    /// Sends SIGINT to a running child.
    public func interrupt() { signal(SIGINT) }

    private func signal(_ number: Int32) {
        phase.withLock { phase in
            if case .running(let pid) = phase { _ = kill(pid, number) }
        }
    }

    /// Reaps the child if it has exited; the status is kept for `terminationStatus`.
    private func reapIfExited() {
        phase.withLock { phase in
            guard case .running(let pid) = phase else { return }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { phase = .exited(pid, status: status) }
        }
    }

    private static func exited(_ status: Int32) -> Bool { status & 0x7f == 0 }

    private static func spawn(
        _ executable: String, _ configuration: Configuration, streams: [(any ChildProcessStream)?]
    ) throws(ChildProcessError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in streams.enumerated() {
            stream?.addChildEnd(to: &actions, as: Int32(descriptor), isInput: descriptor == 0)
        }
        SpawnActions.closeDescriptors(from: 3, in: &actions)
        if let directory = configuration.currentDirectoryURL?.path {
            guard SpawnActions.changeDirectory(to: directory, in: &actions) else { throw .noDirectoryChange(directory) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        SpawnActions.resetSignals(in: &attributes)

        let environment = configuration.environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let argv = ([executable] + configuration.arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        var pid = pid_t()
        let status: Int32
        if let envp {
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        } else {
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw .spawnFailed(executable, String(cString: strerror(status))) }
        return pid
    }
}

/// Why a `ChildProcess` did not start.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// `executableURL` was never set.
    case noExecutable
    /// `run()` was called a second time.
    case alreadyRun(String)
    /// `posix_spawn` failed: the executable and the system's reason.
    case spawnFailed(String, String)
    /// glibc lacks `posix_spawn_file_actions_addchdir_np` (2.29 and later), so `currentDirectoryURL` cannot apply.
    case noDirectoryChange(String)

    public var description: String {
        switch self {
        case .noExecutable: "ChildProcess.run(): set executableURL first"
        case .alreadyRun(let executable): "ChildProcess.run(): \(executable) was already started; make a new ChildProcess"
        case .spawnFailed(let executable, let reason): "could not start \(executable): \(reason)"
        case .noDirectoryChange(let directory):
            "cannot start a child in \(directory): this glibc has no posix_spawn_file_actions_addchdir_np (2.29+)"
        }
    }
}
