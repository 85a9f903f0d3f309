import AppStoreEngine
import StoreModel

/// Where the delivery of one notification to one URL stands, from the attempts the outbox recorded.
///
/// Attempts recorded without a URL (by a sender that predates per-URL delivery) count for every URL.
struct URLDeliveryProgress: Sendable {
    /// The attempts to this URL, oldest first.
    let attempts: [DeliveryAttempt]

    /// The attempts of `all` that went to `url`.
    init(_ all: [DeliveryAttempt], url: String) {
        attempts = all.filter { $0.url == nil || $0.url == url }
    }

    /// Whether an attempt succeeded.
    var succeeded: Bool { attempts.contains { $0.result == .success } }

    /// Whether no attempt remains for a notification from `environment`: one succeeded, all attempts were made,
    /// or the last one got a 400 and the schedule stops there.
    func isFinished(schedule: DeliverySchedule, environment: AppStoreEnvironment) -> Bool {
        succeeded || attempts.count >= schedule.maximumAttempts(for: environment)
            || schedule.stopsRetryingAfterHTTP400 && attempts.last?.statusCode == 400
    }

    /// When the next attempt falls due: `firstDue` for the first, else the last attempt plus the scheduled wait;
    /// `nil` when finished.
    func nextAttemptDate(
        firstDue: Timestamp, schedule: DeliverySchedule, environment: AppStoreEnvironment, rate: TimeRate
    ) -> Timestamp? {
        guard !isFinished(schedule: schedule, environment: environment) else { return nil }
        guard let last = attempts.last else { return firstDue }
        return schedule.wait(afterAttempt: attempts.count, environment: environment, rate: rate).map { last.date.adding($0) }
    }

    /// The rule the outbox applies when an attempt is recorded: pending while any URL has attempts left and no
    /// success; then delivered if every URL succeeded, else failed.
    static func stateResolver(
        urls: [String], schedule: DeliverySchedule, environment: AppStoreEnvironment
    ) -> @Sendable ([DeliveryAttempt]) -> DeliveryState {
        { attempts in
            let progress = urls.map { URLDeliveryProgress(attempts, url: $0) }
            if progress.contains(where: { !$0.isFinished(schedule: schedule, environment: environment) }) { return .pending }
            return progress.allSatisfy(\.succeeded) ? .delivered : .failed
        }
    }
}
