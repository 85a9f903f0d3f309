import Synchronization

/// Holds a task so a `@MainActor` owner can cancel it from its nonisolated `deinit` without
/// `nonisolated(unsafe)`: the handle is an immutable, sendable reference.
final class TaskHandle: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Keeps `task`, cancelling any previous one.
    func set(_ newTask: Task<Void, Never>) {
        let previous = task.withLock { current in
            defer { current = newTask }
            return current
        }
        previous?.cancel()
    }

    /// The task.
    var current: Task<Void, Never>? { task.withLock { $0 } }

    /// Cancels the task.
    func cancel() {
        task.withLock { $0 }?.cancel()
    }
}
