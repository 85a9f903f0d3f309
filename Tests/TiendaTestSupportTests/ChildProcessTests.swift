import Foundation
import Testing
import TiendaTestSupport

/// `ChildProcess` against real children of `/bin/sh`.
@Suite struct ChildProcessTests {
    private static let shell = URL(fileURLWithPath: "/bin/sh")

    /// Runs `script` in `sh -c` and returns the process (exited) and what it printed.
    private func run(
        _ script: String, input: Data? = nil, environment: [String: String]? = nil, directory: URL? = nil
    ) throws -> (process: ChildProcess, output: String) {
        let process = ChildProcess()
        process.executableURL = Self.shell
        process.arguments = ["-c", script]
        process.environment = environment
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process, String(decoding: printed, as: UTF8.self))
    }

    @Test func theChildHoldsOnlyItsStandardStreamsWhateverTheParentHasOpen() throws {
        // More descriptors than Foundation's Process can list safely (its run() over-reads past about 1,300).
        let extra = (0..<2_000).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in extra { close(descriptor) } }
        #expect(extra.allSatisfy { $0 >= 0 })
        // The glob is expanded before `ls` runs, so only the shell's own descriptors are listed.
        let (process, output) = try run("cd /proc/self/fd && echo *")
        #expect(process.terminationStatus == 0)
        let descriptors = output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(descriptors.contains(1))
        #expect(descriptors.allSatisfy { $0 < 10 }, "the child inherited \(descriptors.count) descriptors: \(descriptors)")
    }

    @Test func anExitCodeIsTheStatusAndASignalIsAnUncaughtSignal() throws {
        let exited = try run("exit 3").process
        #expect(exited.terminationStatus == 3)
        #expect(exited.terminationReason == .exit)
        #expect(!exited.isRunning)
        let killed = try run("kill -9 $$").process
        #expect(killed.terminationStatus == SIGKILL)
        #expect(killed.terminationReason == .uncaughtSignal)
    }

    @Test func standardInputEnvironmentAndDirectoryReachTheChild() throws {
        let echoed = try run("cat", input: Data("through the pipe".utf8)).output
        #expect(echoed == "through the pipe")
        let environment = try run("echo \"$ONLY|$HOME\"", environment: ["ONLY": "this"]).output
        #expect(environment == "this|\n")
        let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let printed = try run("pwd", directory: directory).output
        #expect(printed.trimmingCharacters(in: .newlines) == directory.path)
    }

    @Test func interruptEndsARunningChildWithSIGINT() throws {
        let process = ChildProcess()
        process.executableURL = Self.shell
        // `exec` so that the signal reaches `sleep`, whose default action for SIGINT is to end.
        process.arguments = ["-c", "exec sleep 60"]
        try process.run()
        #expect(process.isRunning)
        #expect(process.processIdentifier > 0)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
    }

    @Test func aMissingExecutableAndASecondRunAreErrorsThatSayWhy() throws {
        let missing = ChildProcess()
        missing.executableURL = URL(fileURLWithPath: "/nonexistent/program")
        #expect {
            try missing.run()
        } throws: { error in
            "\(error)".contains("/nonexistent/program") && "\(error)".contains("No such file")
        }
        let twice = try run("true").process
        #expect {
            try twice.run()
        } throws: { error in
            "\(error)".contains("already started")
        }
    }
}
