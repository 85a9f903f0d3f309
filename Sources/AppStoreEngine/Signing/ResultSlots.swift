import Synchronization

/// The results one signing lane produced, tagged with the position of their job. A lane appends from its own
/// serial queue; the operation reads after waiting for the lanes, so no two threads ever contend for the lock.
final class ResultSlots<Value: Sendable>: Sendable {
    private let results = Mutex<[(index: Int, result: Result<Value, AppStoreEngineError>)]>([])

    /// Records the result of the job at `index`.
    func store(_ result: Result<Value, AppStoreEngineError>, at index: Int) {
        results.withLock { $0.append((index, result)) }
    }

    /// Removes and returns every result recorded so far.
    func take() -> [(index: Int, result: Result<Value, AppStoreEngineError>)] {
        results.withLock { results in
            defer { results.removeAll() }
            return results
        }
    }
}
