/// One operation to measure, repeated as many times as a round lasts.
///
/// Workloads measured in this process run `operation` in a loop; the Python reference is measured by a child
/// process and reports its own rate, so a workload is either of the two.
struct Workload {
    /// How a workload produces one round's rate.
    enum Kind {
        /// An in-process operation; it must do the full work every call and trap if the work fails (a benchmark
        /// of a failing operation measures nothing useful).
        case inProcess(() -> Void)
        /// An out-of-process measurement that runs for about the given number of seconds and returns operations
        /// per second.
        case external((_ seconds: Double) throws -> Double)
    }

    /// A stable identifier, used in the JSON report and to compute ratios.
    let id: String
    /// The row label in the printed table.
    let label: String
    /// A short note on what one operation includes.
    let detail: String
    let kind: Kind
}
