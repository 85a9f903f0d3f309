import Synchronization

/// A lock that suspends instead of blocking: waiters resume one at a time, in the order they arrived.
final class AsyncLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Takes the lock, suspending until it is free.
    func lock() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state in
                if state.isLocked {
                    state.waiters.append(continuation)
                    return false
                }
                state.isLocked = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    /// Releases the lock to the next waiter, if any.
    func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.isLocked = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
