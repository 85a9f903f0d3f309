import Dispatch

/// Signs notifications on background threads as soon as an operation raises them, so signing overlaps with the
/// rest of the operation's work; the operation waits for all of them before it commits.
struct SigningPipeline {
    /// The queue signing work runs on (GCD's worker threads, never Swift's cooperative pool).
    private static let queue = DispatchQueue(label: "tienda.engine.signing", attributes: .concurrent)

    private let signer: PayloadSigner
    private let group = DispatchGroup()
    private let results = ResultSlots<OutboxRow>()

    init(signer: PayloadSigner) {
        self.signer = signer
    }

    /// Starts signing a job (inline when the signer is configured for one thread).
    func submit(_ job: NotificationJob) {
        let index = results.reserve()
        let signer = signer
        let results = results
        guard signer.concurrency > 1 else {
            results.store(Result { () throws(AppStoreEngineError) in try job.sign(with: signer) }, at: index)
            return
        }
        Self.queue.async(group: group) {
            results.store(Result { () throws(AppStoreEngineError) in try job.sign(with: signer) }, at: index)
        }
    }

    /// Waits for every submitted job and returns the signed rows in submission order.
    func finish() throws(AppStoreEngineError) -> [OutboxRow] {
        group.wait()
        return try results.takeValues()
    }
}
