import Synchronization

/// A fixed set of PostgreSQL connections, each on its own serial queue, lent out one operation at a time.
///
/// An operation borrows a connection for its whole length, so a transaction stays on one connection. When all
/// are busy, callers wait in order of arrival, suspended rather than blocking a thread.
final class PostgreSQLConnectionPool: Sendable {
    private let connections: [SerialConnection<PostgreSQLConnection>]
    private let availability: Mutex<Availability>

    private struct Availability {
        var idle: [Int]
        var waiters: [CheckedContinuation<Int, Never>] = []
    }

    /// A pool of `size` connections made by `makeConnection`; none connects until it is first used.
    init(size: Int, makeConnection: () -> sending PostgreSQLConnection) {
        connections = (0..<size).map { index in
            SerialConnection(label: "tienda.postgresql.\(index)", connection: makeConnection())
        }
        availability = Mutex(Availability(idle: Array((0..<size).reversed())))
    }

    /// Runs `work` on a borrowed connection's queue, waiting for one to be free.
    func withConnection<T: Sendable, E: Error>(
        _ work: @escaping @Sendable (PostgreSQLConnection) throws(E) -> T
    ) async throws(E) -> T {
        let index = await borrow()
        defer { giveBack(index) }
        return try await connections[index].run(work)
    }

    /// Closes every connection once its current work finishes.
    func close() async {
        for connection in connections {
            await connection.run { connection in connection.close() }
        }
    }

    private func borrow() async -> Int {
        await withCheckedContinuation { continuation in
            let index = availability.withLock { availability -> Int? in
                if let index = availability.idle.popLast() { return index }
                availability.waiters.append(continuation)
                return nil
            }
            if let index { continuation.resume(returning: index) }
        }
    }

    private func giveBack(_ index: Int) {
        let waiter = availability.withLock { availability -> CheckedContinuation<Int, Never>? in
            if availability.waiters.isEmpty {
                availability.idle.append(index)
                return nil
            }
            return availability.waiters.removeFirst()
        }
        waiter?.resume(returning: index)
    }
}
