import Observation
import Synchronization

/// Waits until `condition` holds, re-checking whenever an observable property it reads changes: no polling,
/// no sleeping. Suites put a time limit on the whole test; when it cancels the test, the wait ends.
@MainActor
func eventually(_ condition: @escaping @MainActor () -> Bool) async {
    while !Task.isCancelled {
        let once = Once()
        let satisfied = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                once.set(continuation)
                let holds = withObservationTracking {
                    condition()
                } onChange: {
                    once.resume(false)
                }
                if holds || Task.isCancelled { once.resume(holds) }
            }
        } onCancel: {
            once.resume(false)
        }
        if satisfied || condition() { return }
    }
}

/// Resumes a continuation at most once.
private final class Once: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Bool, Never>?, resumed: Bool)>((nil, false))

    func set(_ continuation: CheckedContinuation<Bool, Never>) {
        let resumeNow = state.withLock { state in
            if state.resumed { return true }
            state.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume(returning: false) }
    }

    func resume(_ value: Bool) {
        state.withLock { state in
            defer { state = (nil, true) }
            return state.continuation
        }?.resume(returning: value)
    }
}
