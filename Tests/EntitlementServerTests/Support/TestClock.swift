import StoreModel
import Synchronization

/// A clock that moves only when told.
final class TestClock: Sendable {
    private let instant: Mutex<Timestamp>

    init(_ start: Timestamp = TestClock.start) {
        instant = Mutex(start)
    }

    /// 2024-01-01T00:00:00Z.
    static let start = Timestamp(milliseconds: 1_704_067_200_000)

    var now: Timestamp { instant.withLock { $0 } }

    func advance(days: Double) {
        instant.withLock { $0 = $0.adding(milliseconds: Int64(days * 86_400_000)) }
    }

    func set(_ timestamp: Timestamp) {
        instant.withLock { $0 = timestamp }
    }

    /// The clock as the service takes it.
    var source: @Sendable () -> Timestamp { { [self] in now } }
}
