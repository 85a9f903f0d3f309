import EntitlementServer
import Foundation
import StoreModel
import StoreStorage

/// Ingest through the pipeline: `EntitlementService.ingestNotification(body:)` from many concurrent tasks, so
/// writes share durable commits through the write batcher — verification, deduplication, application and a
/// durable commit per batch.
enum IngestBenchmark {
    static func pipeline(_ bodies: [Data], store: BenchmarkStore, database: any SQLDatabase, concurrency: Int = 64) async throws -> Double {
        let service = try await EntitlementService.open(
            configuration: store.configuration, database: database, currentTime: { Timestamp(Date()) })
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            func add() {
                guard next < bodies.count else { return }
                let body = bodies[next]
                next += 1
                group.addTask {
                    let outcome = try await service.ingestNotification(body: body)
                    precondition(!outcome.duplicate, "a benchmark notification was a duplicate")
                }
            }
            for _ in 0..<concurrency { add() }
            while try await group.next() != nil { add() }
        }
        return Double(bodies.count) / (ContinuousClock.now - start).seconds
    }
}
