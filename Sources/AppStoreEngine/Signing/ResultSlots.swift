import Synchronization

/// One result slot per input of a parallel map, filled from several threads.
final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Result<Value, AppStoreEngineError>?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func store(_ result: Result<Value, AppStoreEngineError>, at index: Int) {
        slots.withLock { $0[index] = result }
    }

    /// The values in input order, or the first error.
    func values() throws(AppStoreEngineError) -> [Value] {
        let filled = slots.withLock { $0 }
        var values: [Value] = []
        values.reserveCapacity(filled.count)
        for slot in filled {
            switch slot {
            case .success(let value)?: values.append(value)
            case .failure(let error)?: throw error
            case nil: throw .signing("a parallel signing task did not finish")
            }
        }
        return values
    }
}
