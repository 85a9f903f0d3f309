import CMicroHTTPD
import StoreLocking
import Synchronization

/// Counts requests in progress and the connections suspended for deferred work, so that shutdown can wait for
/// the first and resume every one of the second before `MHD_stop_daemon`.
///
/// A request is in progress from the moment its request line is parsed until libmicrohttpd reports it
/// completed (its response sent, or the connection closed).
final class RequestTracker: Sendable {
    private struct Registry {
        var suspended: [ObjectIdentifier: PendingResponse] = [:]
        var isClosing = false
        var idleWaiter: CheckedContinuation<Void, Never>?
        /// Numbers the waits, so that a late timer from one wait cannot end the next.
        var idleWaitGeneration = 0
    }

    private let activeRequests = Atomic<Int>(0)
    private let draining = Atomic<Bool>(false)
    private let registry = Locked(Registry())

    /// Whether shutdown has begun; responses then ask clients to close the connection.
    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Records a request whose request line arrived.
    func requestStarted() {
        activeRequests.add(1, ordering: .relaxed)
    }

    /// Records a finished request, and wakes shutdown if it was the last one.
    func requestCompleted() {
        let remaining = activeRequests.subtract(1, ordering: .acquiringAndReleasing).newValue
        guard remaining == 0 else { return }
        let waiter = registry.withLock { registry in
            defer { registry.idleWaiter = nil }
            return registry.idleWaiter
        }
        waiter?.resume()
    }

    /// What ``suspend(_:)`` did.
    enum Suspension {
        /// The connection is suspended until the work finishes.
        case suspended
        /// The work had already finished: answer with this response now.
        case finished(HTTPResponse)
        /// Shutdown is past draining: answer at once, without suspending.
        case refused
    }

    /// Suspends the request's connection, unless its work has finished or shutdown is past draining, and
    /// registers `pending` so that shutdown can resume it.
    ///
    /// The suspension happens under the registry lock, so ``close()`` never misses a suspended connection.
    func suspend(_ pending: PendingResponse) -> Suspension {
        registry.withLock { registry in
            guard !registry.isClosing else { return .refused }
            if let response = pending.suspendUnlessFinished() { return .finished(response) }
            registry.suspended[ObjectIdentifier(pending)] = pending
            return .suspended
        }
    }

    /// Forgets a rendezvous whose work finished.
    func forget(_ pending: PendingResponse) {
        _ = registry.withLock { $0.suspended.removeValue(forKey: ObjectIdentifier(pending)) }
    }

    /// Starts draining: from now on responses carry `Connection: close`.
    func beginDraining() {
        draining.store(true, ordering: .relaxed)
    }

    /// Returns when no request is in progress, or at `deadline`, whichever comes first. One wait at a time.
    func waitUntilIdle(deadline: ContinuousClock.Instant) async {
        let generation = registry.withLock { registry in
            registry.idleWaitGeneration += 1
            return registry.idleWaitGeneration
        }
        let timer = Task {
            do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
            resumeIdleWaiter(generation: generation)
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDone = registry.withLock { registry in
                // A timer that fired before this point found no waiter, but the deadline has then passed.
                guard activeRequests.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline else { return true }
                registry.idleWaiter = continuation
                return false
            }
            if isDone { continuation.resume() }
        }
        timer.cancel()
    }

    /// Refuses further suspensions and hands back every connection still suspended, to be resumed at once.
    func close() -> [PendingResponse] {
        registry.withLock { registry in
            registry.isClosing = true
            defer { registry.suspended = [:] }
            return Array(registry.suspended.values)
        }
    }

    private func resumeIdleWaiter(generation: Int) {
        let waiter = registry.withLock { registry in
            guard registry.idleWaitGeneration == generation else { return nil as CheckedContinuation<Void, Never>? }
            defer { registry.idleWaiter = nil }
            return registry.idleWaiter
        }
        waiter?.resume()
    }
}
