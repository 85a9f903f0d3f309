import StoreModel

/// Faults the deliverer injects into notification delivery, changeable while it runs
/// (``NotificationDeliverer/setFaults(_:)``); the emulator's control API exposes them.
///
/// ```swift
/// await deliverer.updateFaults { $0.drop = .firstAttempts(2) }   // the third attempt gets through
/// await deliverer.updateFaults { $0.duplicates = 1 }             // every POST arrives twice
/// ```
public struct DeliveryFaults: Hashable, Sendable {
    /// No fault.
    public static let none = DeliveryFaults()

    /// Extra copies of every POST (0: none; 1: each attempt arrives twice). Only the first copy's outcome is
    /// recorded as the attempt, so the history and the retry count are those of a single send.
    public var duplicates: Int
    /// Hold first attempts and send them newest first; `nil`: in the order raised.
    public var reorder: Reorder?
    /// Attempts that fail without reaching the server.
    public var drop: Drop
    /// What a dropped attempt is recorded as (`NO_RESPONSE` by default).
    public var droppedAttemptResult: SendAttemptResult
    /// How long each notification's first attempt waits after its `signedDate`, on the deliverer's clock (not
    /// scaled by the time rate); retries follow the schedule from the delayed attempt.
    public var delay: Duration

    /// How notifications are reordered.
    public struct Reorder: Hashable, Sendable {
        /// First attempts are held until this many are due (to one URL), then sent newest first.
        public var batchSize: Int
        /// A held attempt waits at most this long (from when it fell due), then goes out with whatever is held.
        public var maximumHold: Duration

        /// Creates a reordering; `batchSize` is at least 2.
        public init(batchSize: Int = 2, maximumHold: Duration = .seconds(60)) {
            self.batchSize = max(2, batchSize)
            self.maximumHold = max(.zero, maximumHold)
        }
    }

    /// Which attempts are dropped: recorded as failed (``DeliveryFaults/droppedAttemptResult``) without a POST.
    public enum Drop: Hashable, Sendable {
        /// None.
        case none
        /// Every attempt: the notification never arrives and fails once its attempts run out.
        case all
        /// The first `n` attempts of every notification (to each URL); later ones are sent.
        case firstAttempts(Int)

        /// Whether attempt `number` (1-based) is dropped.
        public func drops(attempt number: Int) -> Bool {
            switch self {
            case .none: false
            case .all: true
            case .firstAttempts(let count): number <= count
            }
        }
    }

    /// Creates a set of faults; all off by default.
    public init(
        duplicates: Int = 0, reorder: Reorder? = nil, drop: Drop = .none, droppedAttemptResult: SendAttemptResult = .noResponse,
        delay: Duration = .zero
    ) {
        self.duplicates = max(0, duplicates)
        self.reorder = reorder
        self.drop = drop
        self.droppedAttemptResult = droppedAttemptResult
        self.delay = max(.zero, delay)
    }
}
