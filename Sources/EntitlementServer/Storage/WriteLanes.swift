import StoreStorage

/// Group commit in parallel lanes: one ``WriteBatcher`` per lane, each write routed by a key (the chain's
/// `originalTransactionId`, or the account), so writes about one chain share a lane and commit in order while
/// other chains commit alongside on other connections.
///
/// SQLite has one writer at a time, so it gets one lane; PostgreSQL gets several, and its serializable
/// isolation (a batch that raced another runs again) keeps the lanes from ever seeing each other half-done.
struct WriteLanes: Sendable {
    private let lanes: [WriteBatcher]

    init(database: any SQLDatabase) {
        let count = database.dialect == .postgresql ? 4 : 1
        lanes = (0..<count).map { _ in WriteBatcher(database: database) }
    }

    /// Runs `body` in the next batch of the lane for `key`, returning once that batch has committed durably.
    func write<T: Sendable>(key: String, _ body: @escaping @Sendable (SQLTransaction) throws -> T) async throws -> T {
        try await lanes[lane(for: key)].write(body)
    }

    /// FNV-1a of the key's bytes, so the lane of a key is the same in every process.
    private func lane(for key: String) -> Int {
        guard lanes.count > 1 else { return 0 }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int(hash % UInt64(lanes.count))
    }
}
