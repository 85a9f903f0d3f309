import Foundation
import StoreCrypto
import StoreModel

/// `GET /control/v1/delivery`: where notifications go and how.
struct DeliveryStateJSON: Encodable, Sendable {
    var urls: [String]
    var running: Bool
    var faults: DeliveryFaults
    var schedule: ScheduleJSON
    var lastError: String?

    /// The retry schedule, intervals in milliseconds of real time before the time rate's scaling.
    struct ScheduleJSON: Encodable, Sendable {
        var productionRetryIntervalsMilliseconds: [Int64]
        var sandboxRetryIntervalsMilliseconds: [Int64]
        var timeRate: Int?
        var stopsRetryingAfterHTTP400: Bool
    }

    init(_ deliverer: NotificationDeliverer) async {
        let schedule = await deliverer.schedule
        urls = deliverer.urls.map(\.absoluteString)
        running = await deliverer.isRunning
        faults = await deliverer.faults
        self.schedule = ScheduleJSON(
            productionRetryIntervalsMilliseconds: schedule.productionRetryIntervals.map(TimeRate.milliseconds(of:)),
            sandboxRetryIntervalsMilliseconds: schedule.sandboxRetryIntervals.map(TimeRate.milliseconds(of:)),
            timeRate: schedule.timeRate?.rawValue, stopsRetryingAfterHTTP400: schedule.stopsRetryingAfterHTTP400)
        lastError = await deliverer.lastError.map { "\($0)" }
    }
}

/// `POST /control/v1/delivery/run`: the attempts one round made.
struct DeliveryRoundJSON: Encodable, Sendable {
    var sends: [Send]
    var nextDueDate: Timestamp?

    struct Send: Encodable, Sendable {
        var notificationUUID: String
        var url: String
        var attemptNumber: Int
        var date: Timestamp
        var result: SendAttemptResult
        var statusCode: Int?
        var copies: Int
        var nextAttemptDate: Timestamp?
    }

    init(_ round: DeliveryRound) {
        sends = round.sends.map {
            Send(
                notificationUUID: $0.notificationUUID, url: $0.url.absoluteString, attemptNumber: $0.attemptNumber,
                date: $0.date, result: $0.result, statusCode: $0.statusCode, copies: $0.copies,
                nextAttemptDate: $0.nextAttemptDate)
        }
        nextDueDate = round.nextDueDate
    }
}

/// `GET /control/v1/ocsp`: what the OCSP responder reports.
struct OCSPStateJSON: Encodable, Sendable {
    var fault: OCSPResponderFault
    var revocations: [String: Revocation]
    var intermediateOCSPURL: String?
    var leafOCSPURL: String?

    struct Revocation: Encodable, Sendable {
        var date: Timestamp
        var reason: Int?
    }

    init(_ responder: OCSPResponder) {
        fault = responder.fault
        revocations = Dictionary(uniqueKeysWithValues: responder.revocations.map {
            ($0.key.rawValue, Revocation(date: $0.value.date, reason: $0.value.reason?.rawValue))
        })
        intermediateOCSPURL = responder.authority.intermediate.ocspURLs.first
        leafOCSPURL = responder.authority.leaf.ocspURLs.first
    }
}
