import Synchronization

/// A generation counter that waiters can sleep on: each ``fire()`` wakes everyone waiting for a newer
/// generation. Used to wake `Transaction.updates` listeners when the in-process store changes, so nothing polls.
final class ChangeSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// The current generation.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Starts a new generation and wakes every waiter.
    func fire() {
        let woken = state.withLock { state in
            state.generation += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once the generation is newer than `generation`, or the task is cancelled.
    func wait(after generation: UInt64) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.generation > generation || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
