/// One caller's write waiting in a ``WriteBatcher``, with its result type erased so a batch can mix writes.
struct PendingWrite: Sendable {
    /// What one write did inside the batch's transaction, and how to answer its caller once the batch commits.
    struct Outcome: Sendable {
        let succeeded: Bool
        let resumeCaller: @Sendable () -> Void
    }

    /// Runs the write in its own savepoint. Throws only when the whole batch must roll back.
    let perform: @Sendable (SQLTransaction) throws -> Outcome
    /// Answers the caller with the error that stopped the batch.
    let fail: @Sendable (any Error) -> Void

    init<T: Sendable>(body: @escaping @Sendable (SQLTransaction) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        perform = { transaction in
            do {
                let value = try transaction.savepoint { try body(transaction) }
                return Outcome(succeeded: true) { continuation.resume(returning: value) }
            } catch {
                // A lost connection or a failed rollback leaves nothing to commit; a serialization failure means
                // PostgreSQL wants the whole batch run again.
                if !transaction.canContinue || (error as? StorageError)?.code == .serializationFailure { throw error }
                return Outcome(succeeded: false) { continuation.resume(throwing: error) }
            }
        }
        fail = { error in continuation.resume(throwing: error) }
    }
}
