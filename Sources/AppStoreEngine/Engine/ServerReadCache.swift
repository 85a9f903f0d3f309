import StoreModel
import Synchronization

/// What the engine keeps for reads that bypass the actor: the registered bundle IDs and recently signed server
/// transactions (Get Transaction Info), each tagged with the storage version it was read at.
///
/// The version moves after every storage transaction of the engine (reads included, so it errs towards
/// invalidating); a cached transaction is served only while the version is unchanged, so any purchase, refund,
/// renewal, finish or setting change makes the next read sign again. It is also served only within
/// ``AppStoreEngine/signedTransactionReuseWindow`` of its `signedDate` on the engine's clock and before the next
/// due event, so an advanced clock or a scheduled change is never hidden.
final class ServerReadCache: Sendable {
    struct Entry: Sendable {
        var transaction: ServerTransaction
        var version: UInt64
        /// The first instant the entry may no longer be served: `signedDate` plus the window, or the next due event.
        var validUntil: Timestamp
    }

    struct State: Sendable {
        var version: UInt64 = 0
        var bundleIds: Set<String> = []
        var transactions: [String: Entry] = [:]
    }

    /// The most signed transactions kept.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The storage version.
    var version: UInt64 { state.withLock { $0.version } }

    /// Records that a storage transaction ended.
    func advanceVersion() {
        state.withLock { $0.version &+= 1 }
    }

    /// The registered bundle IDs.
    var bundleIds: Set<String> {
        get { state.withLock { $0.bundleIds } }
        set { state.withLock { $0.bundleIds = newValue } }
    }

    /// The transaction signed earlier, when nothing changed since and `now` lies within its window.
    func transaction(_ id: String, now: Timestamp) -> ServerTransaction? {
        state.withLock { state in
            guard let entry = state.transactions[id] else { return nil }
            let signedDate = entry.transaction.signed.payload.signedDate ?? .distantFuture
            guard entry.version == state.version, signedDate <= now, now < entry.validUntil else {
                state.transactions[id] = nil
                return nil
            }
            return entry.transaction
        }
    }

    /// Keeps a transaction signed at storage version `version`, unless the version moved on since.
    func store(_ transaction: ServerTransaction, id: String, version: UInt64, validUntil: Timestamp) {
        state.withLock { state in
            guard state.version == version else { return }
            if state.transactions.count >= capacity {
                state.transactions = state.transactions.filter { $0.value.version == state.version }
                if state.transactions.count >= capacity { state.transactions.removeAll(keepingCapacity: true) }
            }
            state.transactions[id] = Entry(transaction: transaction, version: version, validUntil: validUntil)
        }
    }
}
