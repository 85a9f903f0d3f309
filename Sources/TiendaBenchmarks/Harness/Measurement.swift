/// The rates one workload achieved, one per round, in operations per second.
struct Measurement: Sendable {
    let id: String
    let label: String
    let detail: String
    /// Operations per second in each round, in the order the rounds ran.
    let samples: [Double]
    /// For in-process workloads, the share of each round's wall-clock time the measuring thread spent on a CPU;
    /// well below 1 means other processes took the core and the round's rate is low for that reason.
    let cpuShares: [Double]?

    /// The median rate.
    var median: Double {
        Self.median(samples)
    }

    /// The median CPU share, for in-process workloads.
    var medianCPUShare: Double? {
        cpuShares.map(Self.median)
    }

    /// The median of `values` (the mean of the two middle values for an even count; 0 for none).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The spread of the samples around the median: (max − min) / median.
    var relativeSpread: Double {
        guard let low = samples.min(), let high = samples.max(), median > 0 else { return 0 }
        return (high - low) / median
    }
}
