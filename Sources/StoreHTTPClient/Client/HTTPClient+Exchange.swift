import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPClient {
    /// One request's data task and the continuation waiting for it, resumed exactly once: by the task's completion
    /// or by the caller's cancellation, whichever comes first.
    final class Exchange: Sendable {
        private struct State {
            var task: URLSessionDataTask?
            var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
            var cancelled = false
        }

        private let state = Mutex(State())

        /// Records the started task; `false` when the caller was cancelled before it started (the continuation is
        /// then resumed with `CancellationError` and the task must not be resumed).
        func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> Bool {
            let started = state.withLock { state in
                guard !state.cancelled else { return false }
                state.task = task
                state.continuation = continuation
                return true
            }
            if !started {
                continuation.resume(throwing: CancellationError())
            }
            return started
        }

        /// Resumes the caller with the task's outcome, unless it was resumed already.
        func finish(with result: Result<(Data, URLResponse), any Error>) {
            let continuation = state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(with: result)
        }

        /// Resumes the caller with `CancellationError` and cancels the data task on another queue.
        func cancel() {
            let (task, continuation) = state.withLock { state in
                state.cancelled = true
                defer { state.continuation = nil }
                return (state.task, state.continuation)
            }
            continuation?.resume(throwing: CancellationError())
            if let task {
                DispatchQueue.global().async { task.cancel() }
            }
        }
    }
}
