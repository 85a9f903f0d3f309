import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreModel
import Testing

/// Apple's V2 retry schedule (1, 12, 24, 48, 72 hours after the previous attempt; six attempts), scaled by the
/// time rate, on a virtual clock.
@Suite struct RetryScheduleTests {
    typealias H = DeliveryHarness

    /// The gaps between consecutive attempts to a receiver that always fails, by following `nextDueDate`.
    private func attemptGaps(_ h: H) async throws -> (gaps: [Duration], attempts: [DeliveryAttempt]) {
        let uuid = try #require(try await h.raiseTestNotifications().first)
        var dates: [Timestamp] = []
        while true {
            let round = try await h.deliverer.deliverDue()
            dates += round.sends.map(\.date)
            guard let next = round.nextDueDate else { break }
            #expect(next > h.clock.now)
            try await h.advance(to: next)
        }
        let gaps = zip(dates.dropFirst(), dates).map { $0.duration(since: $1) }
        return (gaps, try await h.engine.notification(uuid: uuid).attempts)
    }

    @Test func productionRetriesFiveTimesAtAppleIntervalsThenFails() async throws {
        let h = try await H.make(environment: .production, receivers: [Array(repeating: .status(503), count: 10)])
        let (gaps, attempts) = try await attemptGaps(h)
        #expect(gaps.map { $0 / .seconds(3600) } == [1, 12, 24, 48, 72])
        #expect(attempts.count == 6 && h.receiver.arrivals.count == 6)
        #expect(attempts.allSatisfy { $0.result == .unsuccessfulHTTPResponseCode && $0.url == h.receiver.url.absoluteString })
        let uuid = try #require(try await h.engine.notificationHistory(NotificationHistoryQuery()).first?.notificationUUID)
        #expect(try await h.engine.notification(uuid: uuid).deliveryState == .failed)
        try await h.advance(to: h.clock.now.adding(.seconds(1000 * 3600)))
        #expect(try await h.deliverer.deliverDue().sends.isEmpty && h.receiver.arrivals.count == 6)
        await h.shutdown()
    }

    @Test func theScheduleIsScaledByTheAppsTimeRate() async throws {
        let h = try await H.make(
            environment: .production, receivers: [Array(repeating: .status(500), count: 6)],
            timeRate: .monthlyRenewalEveryFiveMinutes)
        let (gaps, attempts) = try await attemptGaps(h)
        // 1 h × 5 min ÷ 30 days = 416.67 ms (truncated), 12 h = 5 s, 24 h = 10 s, 48 h = 20 s, 72 h = 30 s.
        #expect(gaps == [.milliseconds(416), .seconds(5), .seconds(10), .seconds(20), .seconds(30)])
        #expect(attempts.count == 6)
        await h.shutdown()
    }

    @Test func aScheduleTimeRateOverridesTheAppsAndTheSandboxCanRetry() async throws {
        let h = try await H.make(
            receivers: [Array(repeating: .status(500), count: 6)],
            schedule: .apple(retryInSandbox: true, timeRate: .monthlyRenewalEveryThirtySeconds))
        let (gaps, _) = try await attemptGaps(h)
        #expect(gaps == [.milliseconds(41), .milliseconds(500), .seconds(1), .seconds(2), .seconds(3)])
        await h.shutdown()
    }

    @Test func withTheHTTP400SwitchA400EndsTheRetriesButA500DoesNot() async throws {
        let schedule = DeliverySchedule(stopsRetryingAfterHTTP400: true)
        let h = try await H.make(environment: .production, receivers: [[.status(400)], [.status(500)]], schedule: schedule)
        let uuid = try #require(try await h.raiseTestNotifications().first)
        let round = try await h.deliverer.deliverDue()
        let next = Dictionary(uniqueKeysWithValues: round.sends.map { ($0.url, $0.nextAttemptDate) })
        #expect(next[h.receivers[0].url] == .some(nil) && next[h.receivers[1].url] == h.clock.now.adding(.seconds(3600)))
        try await h.advance(to: h.clock.now.adding(.seconds(3600)))
        let retry = try await h.deliverer.deliverDue()
        #expect(retry.sends.map(\.url) == [h.receivers[1].url])
        let stored = try await h.engine.notification(uuid: uuid)
        #expect(stored.deliveryState == .failed && stored.attempts.map(\.statusCode).contains(400))
        await h.shutdown()
    }

    @Test("Scaling follows the rate's monthly interval over 30 days", arguments: [
        (TimeRate.realTime, Duration.seconds(3600)),
        (.monthlyRenewalEveryHour, .seconds(5)),
        (.monthlyRenewalEveryFiveMinutes, .milliseconds(416)),
        (.oneSecondIsOneDay, .milliseconds(41)),
        (.oneRenewalEveryTwoSeconds, .milliseconds(2)),
        (TimeRate(rawValue: 99), .seconds(3600)),
    ])
    func oneHourScales(rate: TimeRate, expected: Duration) {
        #expect(DeliverySchedule.scale(.seconds(3600), by: rate) == expected)
    }

    @Test func theScheduleNamesItsWaitsAndAttemptsPerEnvironment() {
        let apple = DeliverySchedule.apple()
        #expect(apple.maximumAttempts(for: .production) == 6 && apple.maximumAttempts(for: .sandbox) == 1)
        #expect(apple.maximumAttempts(for: .xcode) == 1)
        #expect(apple.wait(afterAttempt: 5, environment: .production, rate: .realTime) == .seconds(72 * 3600))
        #expect(apple.wait(afterAttempt: 6, environment: .production, rate: .realTime) == nil)
        #expect(apple.wait(afterAttempt: 1, environment: .sandbox, rate: .realTime) == nil)
        #expect(DeliverySchedule.apple(retryInSandbox: true).maximumAttempts(for: .sandbox) == 6)
        let custom = DeliverySchedule(productionRetryIntervals: [.seconds(10)], sandboxRetryIntervals: [.seconds(1), .seconds(2)])
        #expect(custom.maximumAttempts(for: .production) == 2 && custom.maximumAttempts(for: .sandbox) == 3)
    }
}
