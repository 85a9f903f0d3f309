import Synchronization

/// Meets a batch's outcomes with the news that its commit is durable, whichever comes first: the commit's flush
/// (``SQLDatabase/transaction(isolation:flushingLater:_:)``) can finish before the batcher has its outcomes in hand,
/// or long after it has moved on to the next batch. The second of ``durable(_:)`` and ``then(_:)`` runs the action.
final class DurableCommit: Sendable {
    private enum State {
        case waiting
        case durable((any Error)?)
        case action(@Sendable ((any Error)?) -> Void)
        case done
    }

    private let state = Mutex(State.waiting)

    /// The commit is durable (`nil`), or could not be made durable.
    func durable(_ failure: (any Error)?) {
        let action: (@Sendable ((any Error)?) -> Void)? = state.withLock { state in
            switch state {
            case .waiting:
                state = .durable(failure)
                return nil
            case .action(let action):
                state = .done
                return action
            case .durable, .done:
                return nil
            }
        }
        action?(failure)
    }

    /// Runs `action` once the commit is durable (at once if it already is), with the flush's failure if any.
    func then(_ action: @escaping @Sendable ((any Error)?) -> Void) {
        let failure: (any Error)?? = state.withLock { state in
            switch state {
            case .waiting:
                state = .action(action)
                return .none
            case .durable(let failure):
                state = .done
                return .some(failure)
            case .action, .done:
                return .none
            }
        }
        if let failure { action(failure) }
    }
}
