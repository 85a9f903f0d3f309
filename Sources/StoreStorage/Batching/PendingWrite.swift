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

    /// A write of a ``WriteGroup``, which the batch may run together with its neighbours of the same group.
    struct Member: Sendable {
        /// The group's identity: consecutive writes with the same one run together.
        let group: ObjectIdentifier
        /// Runs consecutive writes of this group (this one among them) in shared mode; returns their outcomes.
        let runTogether: @Sendable ([PendingWrite], SQLTransaction) throws -> [Outcome]
        /// The write's item, for the group's ``WriteGroup/runTogether(_:in:)``.
        let item: any Sendable
        /// The outcome that answers this write's caller with the group's output for it.
        let finish: @Sendable (any Sendable) -> Outcome
    }

    /// Runs the write alone in the batch's transaction. Throws only when the whole batch must roll back.
    let perform: @Sendable (SQLTransaction, Mode) throws -> Outcome
    /// Answers the caller with the error that stopped the batch.
    let fail: @Sendable (any Error) -> Void
    /// Set for a write of a ``WriteGroup``.
    let member: Member?

    init<T: Sendable>(body: @escaping @Sendable (SQLTransaction) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        perform = Self.performing(body, continuation: continuation)
        fail = { error in continuation.resume(throwing: error) }
        member = nil
    }

    init<G: WriteGroup>(item: G.Item, group: G, continuation: CheckedContinuation<G.Output, any Error>) {
        perform = Self.performing({ transaction in try group.runAlone(item, in: transaction) }, continuation: continuation)
        fail = { error in continuation.resume(throwing: error) }
        member = Member(
            group: ObjectIdentifier(group),
            runTogether: { writes, transaction in
                // Every write of the run belongs to this group: the batcher groups them by its identity.
                let items = writes.map { $0.member!.item as! G.Item }
                let outputs: [G.Output]
                do {
                    outputs = try group.runTogether(items, in: transaction)
                    guard transaction.canContinue, outputs.count == items.count else { throw NeedsIsolation() }
                } catch let error as StorageError where error.code == .serializationFailure {
                    throw error
                } catch {
                    throw NeedsIsolation()
                }
                return zip(writes, outputs).map { write, output in write.member!.finish(output) }
            },
            item: item,
            finish: { output in
                let value = output as! G.Output
                return Outcome(succeeded: true) { continuation.resume(returning: value) }
            })
    }

    private static func performing<T: Sendable>(
        _ body: @escaping @Sendable (SQLTransaction) throws -> T, continuation: CheckedContinuation<T, any Error>
    ) -> @Sendable (SQLTransaction, Mode) throws -> Outcome {
        { transaction, mode in
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
    }
}
