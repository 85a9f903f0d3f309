import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Testing
import TiendaTestSupport

/// Property: applying a stream of notifications duplicated and shuffled ends in exactly the state of applying it
/// once, in order. The streams are realistic (renewals, grace, billing retry, recovery, cancellation, refunds,
/// consumables) and signed by a test authority; each seed gives another stream and another shuffle.
@Suite struct NotificationStormTests {
    /// Applies `stream` in order, then the same notifications duplicated and shuffled into a second database,
    /// and compares the full entitlement state.
    private func compare(seed: UInt64, count: Int, duplicates: Double, backend: Backend = .inMemory) async throws {
        let stream = NotificationStream.generate(seed: seed, count: count)
        let instants: [Timestamp] = [.day(0), .day(45), .day(120), .day(500), .day(2000)]
        let ordered = try await Harness.run(on: backend) { harness in
            for item in stream.items { _ = try await harness.service.ingestNotification(body: item.body) }
            return try await StateDump.dump(harness, accounts: stream.accounts, at: instants)
        }
        var random = SeededRandom(seed: seed ^ 0x5EED)
        var storm = stream.items
        storm += stream.items.filter { _ in Double(random.next() % 1000) / 1000 < duplicates }
        storm.shuffle(using: &random)
        let (shuffled, duplicateCount) = try await Harness.run(on: backend) { harness in
            let duplicateCount = try await withThrowingTaskGroup(of: Bool.self) { group in
                var duplicates = 0
                var next = 0
                for _ in 0..<min(16, storm.count) {
                    let item = storm[next]
                    next += 1
                    group.addTask { try await harness.service.ingestNotification(body: item.body).duplicate }
                }
                while let duplicate = try await group.next() {
                    if duplicate { duplicates += 1 }
                    if next < storm.count {
                        let item = storm[next]
                        next += 1
                        group.addTask { try await harness.service.ingestNotification(body: item.body).duplicate }
                    }
                }
                return duplicates
            }
            return (try await StateDump.dump(harness, accounts: stream.accounts, at: instants), duplicateCount)
        }
        #expect(duplicateCount == storm.count - stream.items.count, "seed \(seed)")
        for state in ["active", "expired", "revoked"] where count >= 1000 {
            #expect(ordered.contains { $0.contains("EntitlementState.\(state)") }, "seed \(seed) never reaches \(state)")
        }
        #expect(ordered.count == shuffled.count, "seed \(seed)")
        let firstDifference = zip(ordered, shuffled).first { $0 != $1 }
        #expect(firstDifference == nil, "seed \(seed): in order \(firstDifference?.0 ?? "") vs shuffled \(firstDifference?.1 ?? "")")
    }

    @Test(arguments: 1...24)
    func `a shuffled stream with duplicates ends in the in-order state`(seed: Int) async throws {
        try await compare(seed: UInt64(seed), count: 400, duplicates: 0.5)
    }

    /// On PostgreSQL concurrent notifications share batches, and a batch runs its writes in rounds of multi-row
    /// statements, with writes of one chain, transaction or token in successive rounds; the storm sends 16 at a time.
    @Test(arguments: Backend.all, [3, 11])
    func `a shuffled stream with duplicates ends in the in-order state on every store`(backend: Backend, seed: Int) async throws {
        try await compare(seed: UInt64(seed), count: 600, duplicates: 0.5, backend: backend)
    }

    @Test(arguments: [20_251_129, 7])
    func `a storm of ten thousand notifications duplicated and shuffled ends in the in-order state`(seed: Int) async throws {
        try await compare(seed: UInt64(seed), count: 10_000, duplicates: 0.3)
    }

    @Test(arguments: Backend.all)
    func `the ledger of a shuffled stream holds exactly the credits minus the refunds`(backend: Backend) async throws {
        let stream = NotificationStream.generate(seed: 99, count: 120)
        var random = SeededRandom(seed: 4242)
        let storm = (stream.items + stream.items).shuffled(using: &random)
        try await Harness.run(on: backend) { harness in
            for item in storm { _ = try await harness.service.ingestNotification(body: item.body) }
            for account in stream.accounts {
                let coins = try await harness.service.entitlements(account: account).consumables["coins"]
                #expect(coins ?? 0 == stream.expectedCoins[account] ?? 0, "account \(account)")
            }
            let applied = try await harness.database.query("SELECT COUNT(*) AS n FROM ent_notifications")
            #expect(try applied.first?.int64("n") == Int64(stream.items.count))
        }
    }
}
