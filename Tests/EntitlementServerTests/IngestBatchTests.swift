@testable import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Testing
import TiendaTestSupport

/// The batched path (``IngestGroup``) against the single-write path: a stream duplicated and shuffled, applied as one
/// batch, gives each notification the outcome and leaves the state that applying the same notifications one at a
/// time, in the same order, does. On PostgreSQL the batch plans every write from a snapshot kept in memory and sends
/// its changes as multi-row statements; writes of one chain, transaction and notification meet in it.
@Suite struct IngestBatchTests {
    @Test(arguments: Backend.all, [5, 6, 7])
    func `one batch of a shuffled stream with duplicates ends as its writes one by one`(backend: Backend, seed: Int) async throws {
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
            let outcomes = try await service.database.transaction(isolation: .readCommitted) { transaction in
                try IngestGroup().runTogether(items, in: transaction)
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
