/// One caller's write waiting in a ``WriteBatcher``, with its result type erased so a batch can mix writes.
struct PendingWrite: Sendable {
    /// How a batch runs its writes.
    enum Mode: Sendable {
        /// Back to back in the shared transaction; any failure sends the whole batch to ``isolated``.
        case shared
        /// Each in its own savepoint, so a failure rolls back only that write.
        case isolated
    }

    /// A write failed in ``Mode/shared``: the batch must roll back and run again in ``Mode/isolated``.
    struct NeedsIsolation: Error {}

    /// What one write did inside the batch's transaction, and how to answer its caller once the batch commits.
    struct Outcome: Sendable {
        let succeeded: Bool
        let resumeCaller: @Sendable () -> Void
    }

    /// Runs the write in the batch's transaction. Throws only when the whole batch must roll back.
    let perform: @Sendable (SQLTransaction, Mode) throws -> Outcome
    /// Answers the caller with the error that stopped the batch.
    let fail: @Sendable (any Error) -> Void

    init<T: Sendable>(body: @escaping @Sendable (SQLTransaction) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        perform = { transaction, mode in
            switch mode {
            case .shared:
                do {
                    let value = try body(transaction)
                    // The body caught a failed statement and carried on; only a savepoint can undo it.
                    guard transaction.canContinue else { throw NeedsIsolation() }
                    return Outcome(succeeded: true) { continuation.resume(returning: value) }
                } catch let error as StorageError where error.code == .serializationFailure {
                    throw error
                } catch {
                    throw NeedsIsolation()
                }
            case .isolated:
                do {
                    let value = try transaction.savepoint { try body(transaction) }
                    return Outcome(succeeded: true) { continuation.resume(returning: value) }
                } catch {
                    // A lost connection or a failed rollback leaves nothing to commit; a serialization failure
                    // means PostgreSQL wants the whole batch run again.
                    if !transaction.canContinue || (error as? StorageError)?.code == .serializationFailure { throw error }
                    return Outcome(succeeded: false) { continuation.resume(throwing: error) }
                }
            }
        }
        fail = { error in continuation.resume(throwing: error) }
    }
}
