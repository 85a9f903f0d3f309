import Foundation
import Synchronization

/// The last Get Transaction Info body written for each transaction, so that a JWS served again from the engine's
/// read cache is answered without writing its body again.
///
/// An entry is used only for the very JWS it was written from (compared in full; a JWS still shared with the
/// engine's cache compares by identity, at once), so a transaction signed anew gets a new body. At most
/// ``capacity`` bodies are kept; when full, they are all dropped.
final class TransactionInfoBodies: Sendable {
    private struct Entry {
        var jws: String
        var body: Data
    }

    /// The most bodies kept.
    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The body of `{"signedTransactionInfo": jws}` for transaction `id`, written by `write` unless kept.
    func body(for id: String, jws: String, write: (String) -> Data) -> Data {
        if let body = entries.withLock({ entries in entries[id].flatMap { $0.jws == jws ? $0.body : nil } }) {
            return body
        }
        let body = write(jws)
        entries.withLock { entries in
            if entries.count >= capacity, entries[id] == nil { entries.removeAll(keepingCapacity: true) }
            entries[id] = Entry(jws: jws, body: body)
        }
        return body
    }

    /// How many bodies are kept.
    var count: Int { entries.withLock { $0.count } }
}
