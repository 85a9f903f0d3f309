import AppStoreEngine
import Foundation
import StoreModel

extension NotificationDeliverer {
    /// What sending to one URL needs, captured when the round starts.
    struct SendContext: Sendable {
        let engine: AppStoreEngine
        let clock: any StoreClock
        let transport: DeliveryTransport
        let schedule: DeliverySchedule
        let faults: DeliveryFaults
        let urls: [URL]
    }

    /// Makes `items`' attempts to `url` one after the other and records each; stops early when cancelled. An
    /// attempt that got its HTTP response is recorded even then; one cut short is not, so the next round repeats it.
    static func send(
        _ items: [DeliveryPlan.Item], to url: URL, context: SendContext
    ) async -> Result<[DeliverySend], DeliveryError> {
        var sends: [DeliverySend] = []
        let urlText = url.absoluteString
        for item in items {
            if Task.isCancelled { break }
            let notification = item.notification
            let date = context.clock.now
            var outcome = DeliveryTransport.Outcome(result: context.faults.droppedAttemptResult, statusCode: nil)
            var copies = 0
            if !item.dropped {
                outcome = await context.transport.post(signedPayload: notification.signedPayload, to: url)
                copies = 1
                for _ in 0..<context.faults.duplicates where !Task.isCancelled {
                    _ = await context.transport.post(signedPayload: notification.signedPayload, to: url)
                    copies += 1
                }
                if Task.isCancelled && outcome.statusCode == nil { break }
            }
            do {
                let recorded = try await context.engine.recordDeliveryAttempt(
                    notificationUUID: notification.notificationUUID,
                    attempt: DeliveryAttempt(date: date, result: outcome.result, url: urlText, statusCode: outcome.statusCode),
                    resolvingState: URLDeliveryProgress.stateResolver(
                        urls: context.urls.map(\.absoluteString), schedule: context.schedule,
                        environment: notification.environment))
                let rate = (try? await context.engine.app(notification.bundleId).settings.timeRate) ?? .realTime
                let next = URLDeliveryProgress(recorded.attempts, url: urlText).nextAttemptDate(
                    firstDue: date, schedule: context.schedule, environment: notification.environment, rate: rate)
                sends.append(DeliverySend(
                    notificationUUID: notification.notificationUUID, url: url, attemptNumber: item.attemptNumber,
                    date: date, result: outcome.result, statusCode: outcome.statusCode, copies: copies,
                    nextAttemptDate: next))
            } catch {
                return .failure(.outbox(error))
            }
        }
        return .success(sends)
    }
}
