import Dispatch
import Foundation
import Synchronization

/// Flushes a SQLite database's write-ahead log to stable storage on a thread of its own, so a group commit's `fsync`
/// overlaps the next batch's statements instead of holding the database's thread (``SQLiteDatabase``'s
/// `transaction(isolation:flushingLater:_:)`).
///
/// In WAL mode a commit only appends frames to the log; at `synchronous=FULL` the commit then `fsync`s the log before
/// it returns, and at `synchronous=NORMAL` it does not. A transaction committed at `NORMAL` and followed by an
/// `fdatasync` of the log file is therefore exactly as durable as one committed at `FULL`: the flush covers every frame
/// written before it, its own commit's among them. (Checkpoints sync the log and the database file themselves at
/// either level.) The flusher keeps its own descriptor on the log file, so flushing never touches the connection,
/// which stays on the database's thread.
///
/// Flushes coalesce: each one takes every commit waiting at that moment, so when commits come faster than flushes,
/// one `fdatasync` covers several of them. Waiters are answered in the order their commits were written.
final class WALFlusher: Sendable {
    /// Called once the commit is durable (`nil`), or with the error that kept it from being flushed.
    typealias Completion = @Sendable (StorageError?) -> Void

    private struct State {
        var descriptor: Int32 = -1
        var waiting: [Completion] = []
        var isClosed = false
    }

    private let path: String
    private let database: String
    private let queue: DispatchQueue
    private let state = Mutex(State())

    /// A flusher for the log at `path` (the database file's path with `-wal` appended).
    init(logPath path: String, database: String) {
        self.path = path
        self.database = database
        self.queue = DispatchQueue(label: "tienda.sqlite.wal-flush")
    }

    /// Flushes the log soon, then calls `completion`. Call it right after a commit returned, on the database's thread:
    /// the flush then covers that commit's frames.
    func flush(then completion: @escaping Completion) {
        let accepted = state.withLock { state in
            guard !state.isClosed else { return false }
            state.waiting.append(completion)
            return true
        }
        guard accepted else {
            completion(StorageError(.closed, reason: "The SQLite database was closed before its log was flushed.", database: database))
            return
        }
        queue.async { self.flushWaiting() }
    }

    /// Returns once the flushes already asked for are done (and their completions called).
    func waitForFlushes() {
        queue.sync {}
    }

    /// Waits for the flushes already asked for, then closes the descriptor; later flushes fail with
    /// ``StorageError/Code/closed``.
    func close() {
        queue.sync {
            state.withLock { state in
                state.isClosed = true
                if state.descriptor >= 0 { Foundation.close(state.descriptor) }
                state.descriptor = -1
            }
        }
    }

    private func flushWaiting() {
        let (waiting, descriptor) = state.withLock { state in
            defer { state.waiting = [] }
            return (state.waiting, state.descriptor)
        }
        guard !waiting.isEmpty else { return }
        let failure = flush(descriptor)
        for completion in waiting { completion(failure) }
    }

    /// `fdatasync` on the log, opening it first if needed (or again, if the file at the path is no longer the one
    /// open: a log SQLite deleted and created again).
    private func flush(_ open: Int32) -> StorageError? {
        var descriptor = open
        if descriptor >= 0, !isCurrent(descriptor) {
            Foundation.close(descriptor)
            descriptor = -1
        }
        if descriptor < 0 {
            descriptor = Foundation.open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { return failure("open", errno) }
            state.withLock { $0.descriptor = descriptor }
        }
        guard fdatasync(descriptor) == 0 else { return failure("fdatasync", errno) }
        return nil
    }

    private func isCurrent(_ descriptor: Int32) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    private func failure(_ call: String, _ code: Int32) -> StorageError {
        StorageError(
            .flushFailed,
            reason: "The commit was written to SQLite's log at \(path), but \(call) failed (\(String(cString: strerror(code)))), "
                + "so it may not survive a power loss. Check the disk and its free space; the write can be sent again.",
            database: database)
    }
}
