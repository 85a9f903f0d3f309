import Foundation

/// The process's resources as the kernel counts them: CPU time of all its threads (`getrusage`), and its resident
/// memory now and at its peak (`VmRSS` and `VmHWM` in `/proc/self/status`).
struct ProcessUsage: Sendable {
    /// Monotonic wall-clock seconds.
    var wall: Double
    /// User plus system CPU seconds of every thread so far.
    var cpu: Double
    /// The system (kernel) part of ``cpu``.
    var system: Double

    /// The usage now.
    static func now() -> ProcessUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + system
        return ProcessUsage(wall: Stopwatch.now(), cpu: cpu, system: system)
    }

    /// Wall and CPU seconds from `start` to this reading.
    func since(_ start: ProcessUsage) -> Span {
        Span(wall: wall - start.wall, cpu: cpu - start.cpu, system: system - start.system)
    }

    /// The peak resident set size in bytes (`VmHWM`), or `nil` where `/proc` does not have it.
    static func peakResidentBytes() -> Int64? { statusValue("VmHWM") }

    /// The resident set size in bytes now (`VmRSS`).
    static func residentBytes() -> Int64? { statusValue("VmRSS") }

    private static func statusValue(_ key: String) -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let kilobytes = line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int64($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}

/// Wall-clock and CPU seconds spent on something; spans add up.
struct Span: Sendable, Codable {
    var wall: Double
    /// User plus system CPU seconds.
    var cpu: Double
    /// The system (kernel) part of ``cpu``: system calls, page faults and the page cache's copies.
    var system: Double

    static let zero = Span(wall: 0, cpu: 0, system: 0)

    static func + (lhs: Span, rhs: Span) -> Span {
        Span(wall: lhs.wall + rhs.wall, cpu: lhs.cpu + rhs.cpu, system: lhs.system + rhs.system)
    }

    /// Measures `body`.
    static func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Span) {
        let start = ProcessUsage.now()
        let value = try await body()
        return (value, ProcessUsage.now().since(start))
    }
}
