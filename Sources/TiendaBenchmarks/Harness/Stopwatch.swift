import Foundation

/// The two clocks a round reads: wall-clock time, which the rates are computed from, and the calling thread's CPU
/// time, which shows how much of a round the thread actually ran (the rest went to other processes).
enum Stopwatch {
    /// Monotonic wall-clock seconds since an arbitrary fixed point (`CLOCK_MONOTONIC`).
    static func now() -> Double {
        read(CLOCK_MONOTONIC)
    }

    /// CPU seconds the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
    static func threadCPUTime() -> Double {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
