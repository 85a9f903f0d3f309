/// Runs workloads in interleaved timed rounds on the calling thread and keeps each workload's rate per round.
///
/// Round *r* measures every workload once, in order, before round *r + 1* starts, so a burst of background load
/// lands on all workloads alike instead of on whichever happened to run during it. Each in-process workload
/// first runs untimed for the warm-up period (caches, lazily created OpenSSL contexts, branch predictors).
struct BenchmarkHarness {
    let settings: RoundSettings
    /// Called before each timed measurement with the workload's label and the round number (1-based).
    var progress: (_ label: String, _ round: Int) -> Void = { _, _ in }

    /// Measures every workload; the result is in the order of `workloads`.
    func run(_ workloads: [Workload]) throws -> [Measurement] {
        for workload in workloads {
            if case .inProcess(let operation) = workload.kind {
                _ = Self.rate(of: operation, seconds: settings.warmUpSeconds)
            }
        }
        var samples = Array(repeating: [Double](), count: workloads.count)
        var cpuShares = Array(repeating: [Double](), count: workloads.count)
        for round in 1...settings.rounds {
            for (index, workload) in workloads.enumerated() {
                progress(workload.label, round)
                switch workload.kind {
                case .inProcess(let operation):
                    let cpuStart = Stopwatch.threadCPUTime()
                    let wallStart = Stopwatch.now()
                    samples[index].append(Self.rate(of: operation, seconds: settings.roundSeconds))
                    cpuShares[index].append((Stopwatch.threadCPUTime() - cpuStart) / (Stopwatch.now() - wallStart))
                case .external(let measure):
                    samples[index].append(try measure(settings.roundSeconds))
                }
            }
        }
        return workloads.indices.map { index in
            let workload = workloads[index]
            return Measurement(
                id: workload.id, label: workload.label, detail: workload.detail, samples: samples[index],
                cpuShares: cpuShares[index].isEmpty ? nil : cpuShares[index])
        }
    }

    /// Runs `operation` for at least `seconds` and returns operations per second.
    ///
    /// The clock is read after every batch; batches start at one operation and double while a batch takes under
    /// a millisecond, so reading the clock costs nothing measurable even for fast operations.
    static func rate(of operation: () -> Void, seconds: Double) -> Double {
        var batch = 1
        var count = 0
        let start = Stopwatch.now()
        var elapsed = 0.0
        repeat {
            let batchStart = Stopwatch.now()
            for _ in 0..<batch { operation() }
            let end = Stopwatch.now()
            count += batch
            elapsed = end - start
            if end - batchStart < 0.001 { batch *= 2 }
        } while elapsed < seconds
        return Double(count) / elapsed
    }
}
