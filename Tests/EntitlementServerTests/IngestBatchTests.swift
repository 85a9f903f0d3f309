@testable import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Testing
import TiendaTestSupport

/// The batched path (``IngestGroup``) against the single-write path: a stream duplicated and shuffled, applied in
/// batches, gives each notification the outcome and leaves the state that applying the same notifications one at a
/// time, in the same order, does. On PostgreSQL the batch plans every write from a snapshot kept in memory and sends
/// its changes as multi-row statements; writes of one chain, transaction and notification meet in it.
@Suite struct IngestBatchTests {
    /// A seed and the most writes per batch: batches of up to ``IngestRows/subscriptedRowLimit`` rows per table read
    /// their arrays by subscript, larger ones unnest them all; the stream is about 450 writes.
    struct Case: Sendable, CustomTestStringConvertible {
        let seed: Int
        let batchSize: Int
        var testDescription: String { "seed \(seed), batches of \(batchSize)" }
    }

    @Test(arguments: Backend.all, [Case(seed: 5, batchSize: 1000), Case(seed: 6, batchSize: 1000), Case(seed: 7, batchSize: 24)])
    func `batches of a shuffled stream with duplicates end as their writes one by one`(backend: Backend, scenario: Case) async throws {
        let seed = scenario.seed
        let stream = NotificationStream.generate(seed: UInt64(seed), count: 300)
        var random = SeededRandom(seed: UInt64(seed) ^ 0xBA7C)
        var storm = stream.items + stream.items.filter { _ in random.next() % 2 == 0 }
        storm.shuffle(using: &random)
        let instants: [Timestamp] = [.day(0), .day(45), .day(120), .day(500), .day(2000)]
        let (oneByOne, oneByOneState) = try await Harness.run(on: backend) { harness in
            var outcomes: [ApplyOutcome] = []
            for item in storm { outcomes.append(try await harness.service.ingestNotification(body: item.body)) }
            return (outcomes, try await StateDump.dump(harness, accounts: stream.accounts, at: instants))
        }
        let (batched, batchedState) = try await Harness.run(on: backend) { harness in
            let service = harness.service
            let writer = StateWriter(configuration: service.configuration, now: harness.clock.now)
            let locksKeys = if case .postgreSQL = backend.kind { true } else { false }
            let items = try storm.map { item in
                let evidence = try service.gate.notification(try AppleJSON.decode(ResponseBodyV2.self, from: item.body).signedPayload ?? "")
                let key = evidence.transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId ?? evidence.notification?.uuid
                return IngestGroup.Item(evidence: evidence, writer: writer, lockKey: locksKeys ? key : nil)
            }
            var outcomes: [ApplyOutcome] = []
            for start in stride(from: 0, to: items.count, by: scenario.batchSize) {
                let batch = Array(items[start..<min(start + scenario.batchSize, items.count)])
                outcomes += try await service.database.transaction(isolation: .readCommitted) { transaction in
                    try IngestGroup().runTogether(batch, in: transaction)
                }
            }
            return (outcomes, try await StateDump.dump(harness, accounts: stream.accounts, at: instants))
        }
        #expect(batched.count == oneByOne.count)
        let firstOutcome = zip(batched, oneByOne).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstOutcome == nil, "seed \(seed), notification \(firstOutcome?.offset ?? -1): batched \(String(describing: firstOutcome?.element.0)) vs one by one \(String(describing: firstOutcome?.element.1))")
        #expect(batched.count { $0.duplicate } == storm.count - stream.items.count)
        #expect(batchedState.count == oneByOneState.count)
        let firstDifference = zip(batchedState, oneByOneState).first { $0 != $1 }
        #expect(firstDifference == nil, "seed \(seed): batched \(firstDifference?.0 ?? "") vs one by one \(firstDifference?.1 ?? "")")
    }
}
