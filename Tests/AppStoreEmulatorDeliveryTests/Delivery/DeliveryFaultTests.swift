import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreModel
import Testing

/// Each injected fault does what it says: duplicate, reorder, drop, delay.
@Suite struct DeliveryFaultTests {
    typealias H = DeliveryHarness

    @Test func theDuplicateFaultPostsEveryAttemptTwiceAndRecordsItOnce() async throws {
        let h = try await H.make(faults: DeliveryFaults(duplicates: 1))
        let uuid = try #require(try await h.raiseTestNotifications().first)
        let round = try await h.deliverer.deliverDue()
        #expect(round.sends.map(\.copies) == [2])
        let payloads = h.receiver.payloads
        #expect(payloads.count == 2 && payloads[0] == payloads[1])
        #expect(try h.verify(payloads[0]).notificationUUID == uuid)
        #expect(try await h.engine.notification(uuid: uuid).attempts.map(\.result) == [.success])
        await h.shutdown()
    }

    @Test func theReorderFaultSendsABatchNewestFirst() async throws {
        let h = try await H.make(faults: DeliveryFaults(reorder: .init(batchSize: 3)))
        let uuids = try await h.raiseTestNotifications(3)
        try await h.deliverer.deliverDue()
        let received = try h.receiver.payloads.map { try h.verify($0).notificationUUID }
        #expect(received == uuids.reversed())
        await h.shutdown()
    }

    @Test func theReorderFaultHoldsAnIncompleteBatchForItsMaximumHold() async throws {
        let h = try await H.make(faults: DeliveryFaults(reorder: .init(batchSize: 3, maximumHold: .seconds(30))))
        let start = h.clock.now
        let uuids = try await h.raiseTestNotifications(2)
        let held = try await h.deliverer.deliverDue()
        #expect(held.sends.isEmpty && held.nextDueDate == start.adding(.seconds(30)))
        try await h.advance(to: start.adding(.seconds(29)))
        #expect(try await h.deliverer.deliverDue().sends.isEmpty)
        try await h.advance(to: start.adding(.seconds(30)))
        try await h.deliverer.deliverDue()
        #expect(try h.receiver.payloads.map { try h.verify($0).notificationUUID } == uuids.reversed())
        await h.shutdown()
    }

    @Test func theDropAllFaultNeverSendsAndTheNotificationFails() async throws {
        let h = try await H.make(faults: DeliveryFaults(drop: .all))
        let uuid = try #require(try await h.raiseTestNotifications().first)
        let round = try await h.deliverer.deliverDue()
        #expect(round.sends.map(\.copies) == [0] && round.sends.map(\.result) == [.noResponse])
        #expect(h.receiver.arrivals.isEmpty)
        let stored = try await h.engine.notification(uuid: uuid)
        #expect(stored.deliveryState == .failed && stored.attempts.map(\.result) == [.noResponse])
        await h.shutdown()
    }

    @Test func dropTheFirstTwoAttemptsAndTheThirdArrivesThirteenHoursLater() async throws {
        let h = try await H.make(
            environment: .production, faults: DeliveryFaults(drop: .firstAttempts(2), droppedAttemptResult: .timedOut))
        let uuid = try #require(try await h.raiseTestNotifications().first)
        let start = h.clock.now
        while let next = try await h.deliverer.deliverDue().nextDueDate {
            try await h.advance(to: next)
        }
        let results = try await h.engine.notification(uuid: uuid).attempts.map(\.result)
        #expect(results == [.timedOut, .timedOut, .success])
        #expect(try await h.engine.notification(uuid: uuid).attempts.last?.date == start.adding(.seconds(13 * 3600)))
        #expect(h.receiver.arrivals.count == 1)
        await h.shutdown()
    }

    @Test func theDelayFaultHoldsTheFirstAttemptForItsDuration() async throws {
        let h = try await H.make(faults: DeliveryFaults(delay: .seconds(45)))
        let start = h.clock.now
        try await h.raiseTestNotifications()
        let waiting = try await h.deliverer.deliverDue()
        #expect(waiting.sends.isEmpty && waiting.nextDueDate == start.adding(.seconds(45)))
        try await h.advance(to: start.adding(.seconds(45)))
        let round = try await h.deliverer.deliverDue()
        #expect(round.sends.map(\.date) == [start.adding(.seconds(45))] && h.receiver.arrivals.count == 1)
        await h.shutdown()
    }

    @Test func faultsChangeWhileTheDelivererRuns() async throws {
        let h = try await H.make()
        await h.deliverer.updateFaults { $0.drop = .all }
        try await h.raiseTestNotifications()
        try await h.deliverer.deliverDue()
        await h.deliverer.setFaults(.none)
        #expect(await h.deliverer.faults == .none)
        try await h.raiseTestNotifications()
        try await h.deliverer.deliverDue()
        #expect(h.receiver.arrivals.count == 1)
        await h.shutdown()
    }
}

/// The faults' JSON, as the control API reads and writes it.
@Suite struct DeliveryFaultsCodingTests {
    @Test func faultsRoundTripThroughJSON() throws {
        let faults = DeliveryFaults(
            duplicates: 2, reorder: .init(batchSize: 4, maximumHold: .seconds(5)), drop: .firstAttempts(3),
            droppedAttemptResult: .socketIssue, delay: .milliseconds(1500))
        let data = try JSONEncoder().encode(faults)
        #expect(try JSONDecoder().decode(DeliveryFaults.self, from: data) == faults)
        #expect(try JSONDecoder().decode(DeliveryFaults.self, from: try JSONEncoder().encode(DeliveryFaults.none)) == .none)
    }

    @Test func missingKeysMeanOffAndUnknownDropModesAreRejected() throws {
        #expect(try JSONDecoder().decode(DeliveryFaults.self, from: Data("{}".utf8)) == .none)
        let partial = try JSONDecoder().decode(DeliveryFaults.self, from: Data(#"{"drop":"all","reorder":{}}"#.utf8))
        #expect(partial == DeliveryFaults(reorder: .init(), drop: .all))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DeliveryFaults.self, from: Data(#"{"drop":"sometimes"}"#.utf8))
        }
    }
}
