/// A benchmark that cannot run: its setup failed or a measured operation did not do its work.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
