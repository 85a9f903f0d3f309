import Foundation

/// Where the CPU went during a run, from Linux's `/proc`: the machine's busy cores (`/proc/stat`) and this process's
/// threads grouped by name (`/proc/self/task/*/stat`) — Swift's cooperative pool, where verification and the
/// service's tasks run, against the dispatch threads, where the database's serial queue runs its statements and
/// commits. Both are averages over the run, in cores; empty where `/proc` is not readable.
struct ThreadCPU {
    private let taken = ContinuousClock.now
    private let threads = Self.threadTicks()
    private let machine = Self.machineTicks()

    /// The average cores used since this snapshot: the machine's, and this process's threads' by name, largest first.
    func report() -> String {
        let elapsed = (ContinuousClock.now - taken).seconds
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard elapsed > 0, ticksPerSecond > 0 else { return "" }
        var byName: [String: Double] = [:]
        for (thread, (name, ticks)) in Self.threadTicks() {
            let used = Double(ticks - (threads[thread]?.ticks ?? 0)) / ticksPerSecond / elapsed
            if used > 0 { byName[Self.group(name), default: 0] += used }
        }
        let (total, idle) = Self.machineTicks()
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let busy = total > machine.total ? cores * (1 - Double(idle - machine.idle) / Double(total - machine.total)) : 0
        let parts = byName.sorted { $0.value > $1.value }.map { String(format: "%@ %.2f", $0.key, $0.value) }
        return String(format: "machine busy %.2f of %.0f cores; this process %.2f (%@)", busy, cores, byName.values.reduce(0, +),
                      parts.joined(separator: ", "))
    }

    private static func group(_ name: String) -> String {
        if name.hasSuffix("overcommit") { return "dispatch queues" }
        if name.hasSuffix("default-qos") { return "cooperative pool" }
        return "other"
    }

    /// Each thread's name and CPU ticks (user + system).
    private static func threadTicks() -> [String: (name: String, ticks: Int)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var result: [String: (name: String, ticks: Int)] = [:]
        for thread in tasks {
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(thread)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the name: state is field 3, utime field 14 and stime field 15 of the whole line.
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
            result[thread] = (String(stat[stat.index(after: open)..<close]), user + system)
        }
        return result
    }

    /// The machine's total and idle (idle + iowait) ticks.
    private static func machineTicks() -> (total: Int, idle: Int) {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8), let line = stat.split(separator: "\n").first
        else { return (0, 0) }
        let values = line.split(separator: " ").dropFirst().prefix(8).compactMap { Int($0) }
        guard values.count == 8 else { return (0, 0) }
        return (values.reduce(0, +), values[3] + values[4])
    }
}
