import AppStoreEmulator
import AppStoreEngine
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoreModel
import Testing

/// Notifications reach the developer's URLs as Apple sends them, and the outbox records every attempt.
@Suite struct NotificationDeliveryTests {
    typealias H = DeliveryHarness

    @Test func aNotificationArrivesAsSignedPayloadJSONThatVerifiesAgainstTheEnginesRoot() async throws {
        let h = try await H.make()
        let notification = try await h.buyCoins()
        let round = try await h.deliverer.deliverDue()
        #expect(round.sends.map(\.result) == [.success] && round.sends.first?.statusCode == 200)
        #expect(round.nextDueDate == nil)
        let arrival = try #require(h.receiver.arrivals.first)
        #expect(h.receiver.arrivals.count == 1 && arrival.method == "POST" && arrival.path == h.receiver.path)
        #expect(arrival.contentType == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: arrival.body) as? [String: String])
        #expect(Array(object.keys) == ["signedPayload"] && object["signedPayload"] == notification.signedPayload)
        let payload = try h.verify(try #require(arrival.signedPayload))
        #expect(payload.notificationUUID == notification.notificationUUID && payload.notificationType == .oneTimeCharge)
        let stored = try await h.engine.notification(uuid: notification.notificationUUID)
        #expect(stored.deliveryState == .delivered)
        let expected = DeliveryAttempt(date: h.clock.now, result: .success, url: h.receiver.url.absoluteString, statusCode: 200)
        #expect(stored.attempts == [expected])
        #expect(try await h.deliverer.deliverDue().sends.isEmpty && h.receiver.arrivals.count == 1)
        await h.shutdown()
    }

    @Test func theSandboxSendsOnceAndNeverRetriesByDefault() async throws {
        let h = try await H.make(receivers: [[.status(500)]])
        let uuid = try #require(try await h.raiseTestNotifications().first)
        let round = try await h.deliverer.deliverDue()
        #expect(round.sends.map(\.result) == [.unsuccessfulHTTPResponseCode] && round.sends.first?.statusCode == 500)
        #expect(round.nextDueDate == nil && round.sends.first?.nextAttemptDate == nil)
        try await h.engine.advance(by: .seconds(200 * 3600))
        #expect(try await h.deliverer.deliverDue().sends.isEmpty)
        #expect(try await h.deliverer.nextDueDate() == nil)
        let stored = try await h.engine.notification(uuid: uuid)
        #expect(stored.deliveryState == .failed && stored.attempts.map(\.result) == [.unsuccessfulHTTPResponseCode])
        let failures = try await h.engine.notificationHistory(NotificationHistoryQuery(onlyFailures: true))
        #expect(failures.map(\.notificationUUID) == [uuid] && h.receiver.arrivals.count == 1)
        await h.shutdown()
    }

    @Test func aReceiverAnswering500Then200GetsTheSamePayloadAgainAnHourLater() async throws {
        let h = try await H.make(receivers: [[.status(500), .status(200)]], schedule: .apple(retryInSandbox: true))
        let notification = try await h.buyCoins()
        let start = h.clock.now
        let first = try await h.deliverer.deliverDue()
        #expect(first.sends.map(\.result) == [.unsuccessfulHTTPResponseCode])
        #expect(first.nextDueDate == start.adding(.seconds(3600)))
        #expect(try await h.deliverer.nextDueDate() == start.adding(.seconds(3600)))
        try await h.advance(to: start.adding(.milliseconds(3_599_999)))
        #expect(try await h.deliverer.deliverDue().sends.isEmpty)
        try await h.advance(to: start.adding(.seconds(3600)))
        let second = try await h.deliverer.deliverDue()
        #expect(second.sends.map(\.result) == [.success] && second.sends.first?.attemptNumber == 2)
        let payloads = h.receiver.payloads
        #expect(payloads.count == 2 && payloads[0] == payloads[1] && payloads[0] == notification.signedPayload)
        let decoded = try payloads.map(h.verify)
        #expect(decoded[0].notificationUUID == decoded[1].notificationUUID)
        #expect(decoded[0].signedDate == decoded[1].signedDate && decoded[0].signedDate == notification.signedDate)
        let stored = try await h.engine.notification(uuid: notification.notificationUUID)
        #expect(stored.deliveryState == .delivered)
        #expect(stored.attempts.map(\.result) == [.unsuccessfulHTTPResponseCode, .success])
        #expect(stored.attempts.map(\.date) == [start, start.adding(.seconds(3600))])
        await h.shutdown()
    }

    @Test func aStrayRequestOnTheReceiversPortTakesNoScriptedReply() async throws {
        // Another test's client, still aiming at a port this receiver has since been given, posts to its own path.
        let h = try await H.make(receivers: [[.status(500)]])
        var stray = URLRequest(url: URL(string: "http://127.0.0.1:\(try #require(h.receiver.url.port))/notifications")!)
        stray.httpMethod = "POST"
        stray.httpBody = Data(#"{"signedPayload":"stray"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: stray)
        #expect((response as? HTTPURLResponse)?.statusCode == 404 && h.receiver.arrivals.isEmpty)
        try await h.raiseTestNotifications()
        #expect(try await h.deliverer.deliverDue().sends.map(\.result) == [.unsuccessfulHTTPResponseCode])
        #expect(h.receiver.arrivals.count == 1)
        await h.shutdown()
    }

    @Test func eachURLKeepsItsOwnDeliveryState() async throws {
        let h = try await H.make(environment: .production, receivers: [[], [.status(503)]])
        let uuid = try #require(try await h.raiseTestNotifications().first)
        let start = h.clock.now
        let first = try await h.deliverer.deliverDue()
        #expect(Set(first.sends.map(\.result)) == [.success, .unsuccessfulHTTPResponseCode])
        #expect(try await h.engine.notification(uuid: uuid).deliveryState == .pending)
        try await h.advance(to: start.adding(.seconds(3600)))
        let second = try await h.deliverer.deliverDue()
        #expect(second.sends.map(\.url) == [h.receivers[1].url] && second.sends.map(\.result) == [.success])
        #expect(h.receivers.map(\.arrivals.count) == [1, 2])
        let stored = try await h.engine.notification(uuid: uuid)
        #expect(stored.deliveryState == .delivered)
        let byURL = Dictionary(grouping: stored.attempts, by: { $0.url ?? "" }).mapValues { $0.map(\.result) }
        #expect(byURL[h.receivers[0].url.absoluteString] == [.success])
        #expect(byURL[h.receivers[1].url.absoluteString] == [.unsuccessfulHTTPResponseCode, .success])
        await h.shutdown()
    }

    @Test func aNotificationFailsOnlyWhenEveryURLHasRunOutOfAttempts() async throws {
        let h = try await H.make(receivers: [[], [.status(500)]])
        let uuid = try #require(try await h.raiseTestNotifications().first)
        try await h.deliverer.deliverDue()
        let stored = try await h.engine.notification(uuid: uuid)
        #expect(stored.deliveryState == .failed && stored.attempts.count == 2)
        await h.shutdown()
    }

    @Test func aNewDelivererContinuesTheScheduleFromTheOutbox() async throws {
        let h = try await H.make(environment: .production, receivers: [[.status(500), .status(500)]])
        try await h.raiseTestNotifications()
        let start = h.clock.now
        try await h.deliverer.deliverDue()
        try await h.advance(to: start.adding(.seconds(3600)))
        try await h.deliverer.deliverDue()
        let restarted = NotificationDeliverer(engine: h.engine, urls: [h.receiver.url])
        #expect(try await restarted.nextDueDate() == start.adding(.seconds(13 * 3600)))
        try await h.advance(to: start.adding(.seconds(13 * 3600)))
        let third = try await restarted.deliverDue()
        #expect(third.sends.map(\.attemptNumber) == [3] && third.sends.map(\.result) == [.success])
        #expect(h.receiver.arrivals.count == 3)
        await h.shutdown()
    }

    @Test func theBackgroundTaskDeliversWhatIsRaisedAndStops() async throws {
        let h = try await H.make(receivers: [[], []])
        await h.deliverer.start()
        #expect(await h.deliverer.isRunning)
        let uuids = try await h.raiseTestNotifications(3)
        await h.deliverer.wake()
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while try await !h.engine.pendingNotifications().isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        await h.deliverer.stop()
        #expect(await !h.deliverer.isRunning)
        #expect(h.receivers.map(\.arrivals.count) == [3, 3])
        for uuid in uuids {
            #expect(try await h.engine.notification(uuid: uuid).deliveryState == .delivered)
        }
        #expect(await h.deliverer.lastError == nil)
        await h.shutdown()
    }

    @Test func withoutURLsNothingIsSentAndNotificationsStayPending() async throws {
        let h = try await H.make(receivers: [])
        try await h.raiseTestNotifications(2)
        #expect(try await h.deliverer.deliverDue().sends.isEmpty)
        #expect(try await h.deliverer.nextDueDate() == nil)
        #expect(try await h.engine.pendingNotifications().count == 2)
        await h.shutdown()
    }
}
