import Synchronization

/// Results filled from several threads, read back in the order their slots were reserved.
final class ResultSlots<Value: Sendable>: Sendable {
    private let slots = Mutex<[Result<Value, AppStoreEngineError>?]>([])

    /// Reserves the next slot.
    func reserve() -> Int {
        slots.withLock { slots in
            slots.append(nil)
            return slots.count - 1
        }
    }

    /// Fills a reserved slot.
    func store(_ result: Result<Value, AppStoreEngineError>, at index: Int) {
        slots.withLock { $0[index] = result }
    }

    /// The values in slot order, or the first error; empties the slots.
    func takeValues() throws(AppStoreEngineError) -> [Value] {
        let filled = slots.withLock { slots in
            defer { slots.removeAll() }
            return slots
        }
        var values: [Value] = []
        values.reserveCapacity(filled.count)
        for slot in filled {
            switch slot {
            case .success(let value)?: values.append(value)
            case .failure(let error)?: throw error
            case nil: throw .signing("a signing task did not finish")
            }
        }
        return values
    }
}
