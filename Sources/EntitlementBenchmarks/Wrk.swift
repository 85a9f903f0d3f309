import Foundation

/// Runs `wrk` (Debian's `wrk` package) and reads its summary.
enum Wrk {
    struct Result {
        var requestsPerSecond: Double
        var requests: Int
        var failures: Int
        var seconds: Double
    }

    /// Runs wrk against `url` with `threads` threads and `connections` connections for `seconds`.
    static func run(
        url: String, seconds: Int, threads: Int = 2, connections: Int = 64, headers: [String] = [], script: (path: String, arguments: [String])? = nil
    ) throws -> Result {
        var arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency"]
        for header in headers { arguments += ["-H", header] }
        if let script { arguments += ["-s", script.path] }
        arguments.append(url)
        if let script { arguments += ["--"] + script.arguments }
        let output = try Shell.run("wrk", arguments)
        func number(after label: String) -> Double? {
            guard let range = output.range(of: label) else { return nil }
            let rest = output[range.upperBound...].drop { $0 == " " }
            return Double(rest.prefix { $0.isNumber || $0 == "." })
        }
        let requests = output.split(separator: "\n").first { $0.contains("requests in") }
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) } ?? 0
        guard let rate = number(after: "Requests/sec:") else { throw Shell.Failure(message: "wrk printed no rate:\n\(output)") }
        return Result(
            requestsPerSecond: rate, requests: requests, failures: Int(number(after: "Non-2xx or 3xx responses:") ?? 0),
            seconds: Double(seconds))
    }

    /// A Lua script that POSTs the lines of a file, each thread taking every `threads`-th line from its own offset,
    /// so no body is sent twice while the file lasts.
    static let rotatingPostScript = """
        local counter = 1
        local threads = {}
        function setup(thread)
            table.insert(threads, thread)
            thread:set("offset", #threads)
        end
        function init(args)
            bodies = {}
            for line in io.lines(args[1]) do bodies[#bodies + 1] = line end
            step = tonumber(args[2])
            counter = offset
        end
        function request()
            local body = bodies[((counter - 1) % #bodies) + 1]
            counter = counter + step
            return wrk.format("POST", "/v1/notifications", {["Content-Type"] = "application/json"}, body)
        end
        """
}

/// Runs external programs.
enum Shell {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs `program` (found on PATH) and returns its standard output; throws when it exits non-zero.
    /// - Parameter capturesOutput: `false` for a program that leaves a daemon behind (nginx), which would hold
    ///   the output pipe open forever; its output then goes to a file in the temporary folder.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], capturesOutput: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        let log = FileManager.default.temporaryDirectory.appending(path: "tienda-bench-\(program)-\(UUID().uuidString).log")
        if capturesOutput {
            process.standardOutput = output
            process.standardError = output
        } else {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
        }
        defer { try? FileManager.default.removeItem(at: log) }
        try process.run()
        let data = capturesOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        let text = capturesOutput ? String(decoding: data, as: UTF8.self) : ((try? String(contentsOf: log, encoding: .utf8)) ?? "")
        guard process.terminationStatus == 0 else {
            throw Failure(message: "\(program) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)):\n\(text)")
        }
        return text
    }
}
