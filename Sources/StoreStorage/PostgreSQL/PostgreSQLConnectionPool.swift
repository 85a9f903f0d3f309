/// A fixed set of PostgreSQL connections, each on its own serial queue, lent out one operation at a time.
///
/// An operation borrows a connection for its whole length, so a transaction stays on one connection. When all
/// are busy, callers wait in order of arrival, suspended rather than blocking a thread. The bookkeeping of which
/// connections are free is actor-isolated; the connections themselves are not, so work on them runs in parallel.
actor PostgreSQLConnectionPool {
    private nonisolated let connections: [SerialConnection<PostgreSQLConnection>]
    private var idle: [Int]
    private var waiters: [CheckedContinuation<Int, Never>] = []

    /// A pool of `size` connections made by `makeConnection`; none connects until it is first used.
    init(size: Int, makeConnection: () -> sending PostgreSQLConnection) {
        connections = (0..<size).map { index in
            SerialConnection(label: "tienda.postgresql.\(index)", connection: makeConnection())
        }
        idle = Array((0..<size).reversed())
    }

    /// Runs `work` on a borrowed connection's queue, waiting for one to be free.
    nonisolated func withConnection<T: Sendable, E: Error>(
        _ work: @escaping @Sendable (PostgreSQLConnection) throws(E) -> T
    ) async throws(E) -> T {
        let index = await borrow()
        let result: Result<T, E>
        do throws(E) {
            result = .success(try await connections[index].run(work))
        } catch {
            result = .failure(error)
        }
        await giveBack(index)
        return try result.get()
    }

    /// Closes every connection once its current work finishes.
    nonisolated func close() async {
        for connection in connections {
            await connection.run { connection in connection.close() }
        }
    }

    private func borrow() async -> Int {
        if let index = idle.popLast() { return index }
        return await withCheckedContinuation { continuation in waiters.append(continuation) }
    }

    private func giveBack(_ index: Int) {
        if waiters.isEmpty {
            idle.append(index)
        } else {
            waiters.removeFirst().resume(returning: index)
        }
    }
}
