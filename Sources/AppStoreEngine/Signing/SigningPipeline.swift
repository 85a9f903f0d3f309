import Dispatch
import Synchronization

/// Signs notifications on background threads as soon as an operation raises them, so signing overlaps with the
/// rest of the operation's work; the operation waits for all of them before it commits.
///
/// Jobs go round-robin to lanes, each a serial queue with its own signer (its own key copy) and its own
/// results: lanes run in parallel on GCD's worker threads (never Swift's cooperative pool) without sharing
/// any lock. A lane receives its jobs ``jobsPerDispatch`` at a time, so that an advance renewing thousands of
/// subscriptions wakes a worker thread once per handful of notifications rather than once per notification.
struct SigningPipeline {
    private static let queues = (0..<16).map { DispatchQueue(label: "tienda.engine.signing.\($0)") }
    /// Each lane's buffers, kept across operations (a lane's queue is serial, so its lock is never contended).
    private static let scratches = (0..<16).map { _ in LaneScratch() }
    /// How many jobs one dispatch to a lane carries (fewer when the operation finishes first).
    static let jobsPerDispatch = 8

    private let signer: PayloadSigner
    private let group = DispatchGroup()
    private let lanes: [ResultSlots<OutboxRow>]
    /// Each lane's jobs not yet dispatched, with their positions.
    private var waiting: [[(index: Int, job: NotificationJob)]]
    private var submitted = 0
    /// The buffers of the calling thread's signing, with one lane.
    private var scratch = SigningScratch()

    init(signer: PayloadSigner) {
        self.signer = signer
        lanes = (0..<min(signer.concurrency, Self.queues.count)).map { _ in ResultSlots() }
        waiting = Array(repeating: [], count: lanes.count)
    }

    /// Starts signing a job (on the caller's thread when there is one lane).
    mutating func submit(_ job: consuming NotificationJob) {
        let index = submitted
        submitted += 1
        let lane = index % lanes.count
        guard lanes.count > 1 else {
            let job = copy job
            let signer = signer
            lanes[lane].store(
                Result { () throws(AppStoreEngineError) in try job.sign(with: signer, lane: nil, scratch: &scratch) },
                at: index)
            return
        }
        waiting[lane].append((index, consume job))
        if waiting[lane].count >= Self.jobsPerDispatch { dispatch(lane) }
    }

    /// Hands a lane its waiting jobs.
    private mutating func dispatch(_ lane: Int) {
        guard !waiting[lane].isEmpty else { return }
        // The jobs go to the lane as an array the lane owns alone, which it empties from the end, moving each job
        // out: iterating it would copy every job (retaining each of its strings and buffers, then releasing them),
        // and so would reversing it first. A dispatch's jobs are signed last first; each result keeps its place.
        nonisolated(unsafe) var jobs = waiting[lane]
        waiting[lane].removeAll(keepingCapacity: true)
        let results = lanes[lane]
        let signer = signer
        let scratch = Self.scratches[lane]
        Self.queues[lane].async(group: group) {
            scratch.buffers.withLock { buffers in
                while let (index, job) = jobs.popLast() {
                    results.store(
                        Result { () throws(AppStoreEngineError) in
                            try job.sign(with: signer, lane: lane, scratch: &buffers)
                        }, at: index)
                }
            }
        }
    }

    /// Waits for every submitted job and returns the signed rows in submission order. Each row is moved from its
    /// lane's results into place and from there into the answer, never copied (a copy retains every one of its
    /// strings and buffers, and its release frees them all again).
    mutating func finish() throws(AppStoreEngineError) -> [OutboxRow] {
        for lane in lanes.indices { dispatch(lane) }
        group.wait()
        var ordered = [Result<OutboxRow, AppStoreEngineError>?](repeating: nil, count: submitted)
        for lane in lanes {
            var results = lane.take()
            while let (index, result) = results.popLast() { ordered[index] = consume result }
        }
        submitted = 0
        var rows: [OutboxRow] = []
        rows.reserveCapacity(ordered.count)
        for index in ordered.indices {
            switch ordered[index].take() {
            case .success(let row)?: rows.append(consume row)
            case .failure(let error)?: throw error
            case nil: throw .signing("a signing job did not finish")
            }
        }
        return rows
    }
}

/// A signing lane's buffers.
private final class LaneScratch: Sendable {
    let buffers = Mutex(SigningScratch())
}
