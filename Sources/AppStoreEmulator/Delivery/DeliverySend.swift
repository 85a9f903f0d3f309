import Foundation
import StoreModel

/// One delivery attempt the deliverer made: to which URL, the how-manyth, and how it went.
public struct DeliverySend: Hashable, Sendable {
    /// The notification's `notificationUUID`.
    public var notificationUUID: String
    /// Where it went.
    public var url: URL
    /// 1 for the first attempt to this URL, up to the schedule's maximum.
    public var attemptNumber: Int
    /// When the attempt was made (the attempt's date in the history).
    public var date: Timestamp
    /// How it went, as recorded.
    public var result: SendAttemptResult
    /// The HTTP status, when a response arrived.
    public var statusCode: Int?
    /// How many POSTs went out: 0 for a dropped attempt, more than 1 with the duplicate fault.
    public var copies: Int
    /// When the next attempt is due, if this one failed and attempts remain.
    public var nextAttemptDate: Timestamp?

    /// Creates a record.
    public init(
        notificationUUID: String, url: URL, attemptNumber: Int, date: Timestamp, result: SendAttemptResult,
        statusCode: Int?, copies: Int, nextAttemptDate: Timestamp?
    ) {
        self.notificationUUID = notificationUUID
        self.url = url
        self.attemptNumber = attemptNumber
        self.date = date
        self.result = result
        self.statusCode = statusCode
        self.copies = copies
        self.nextAttemptDate = nextAttemptDate
    }
}
