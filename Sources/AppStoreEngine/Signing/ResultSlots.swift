import Synchronization

/// The results one signing lane produced, tagged with the position of their job. A lane appends from its own
/// serial queue; the operation reads after waiting for the lanes, so no two threads ever contend for the lock.
final class ResultSlots<Value: Sendable>: Sendable {
    private let results = Mutex<[(index: Int, result: Result<Value, AppStoreEngineError>)]>([])

    /// Records the result of the job at `index`, moved in rather than copied (a signed row is kilobytes of
    /// buffers and a dozen strings).
    func store(_ result: consuming Result<Value, AppStoreEngineError>, at index: Int) {
        var slot = Optional(result)
        results.withLock { $0.append((index, slot.take()!)) }
    }

    /// Removes and returns every result recorded so far: the lane's buffer itself, handed over, not copied.
    func take() -> [(index: Int, result: Result<Value, AppStoreEngineError>)] {
        results.withLock { results in
            var taken: [(index: Int, result: Result<Value, AppStoreEngineError>)] = []
            swap(&taken, &results)
            return taken
        }
    }
}
