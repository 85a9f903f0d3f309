import Foundation

/// The CPU time this process has used (every thread, user and system), to report the benchmark's own CPU cost per
/// notification: on a shared machine a rate moves with the load, the CPU spent per item much less.
enum ProcessCPU {
    /// Seconds of CPU used so far.
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` and returns its result with the CPU microseconds it used per item.
    static func measure<Result>(items: Int, _ body: () async throws -> Result) async rethrows -> (Result, microsecondsPerItem: Double) {
        let start = seconds()
        let result = try await body()
        return (result, (seconds() - start) * 1e6 / Double(max(items, 1)))
    }
}
