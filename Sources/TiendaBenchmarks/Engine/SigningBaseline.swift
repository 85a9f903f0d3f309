import Dispatch
import Foundation
import StoreCrypto

/// Signing the same payloads as the engine, alone: the same ES256 signer (the engine's leaf key), the same
/// parallelism (jobs of one notification's payloads handed round-robin to one serial queue per signing lane,
/// each lane with its own copy of the key, as the engine's signing pipeline does), and no storage, JSON or
/// lifecycle work.
struct SigningBaseline {
    private static let queues = (0..<16).map { DispatchQueue(label: "tienda.bench.baseline.\($0)") }

    /// One signer per lane.
    let signers: [JWSSigner]

    /// A baseline with `lanes` lanes over copies of `signer`'s key.
    init(signer: JWSSigner, lanes: Int) throws {
        let der = signer.key.pkcs8DERRepresentation
        signers = try (0..<max(1, min(lanes, Self.queues.count))).map { _ in
            JWSSigner(key: try P256PrivateKey(pkcs8DERRepresentation: der), header: signer.header)
        }
    }

    /// Jobs per dispatch to a lane, as in the engine's signing pipeline.
    static let jobsPerDispatch = 8

    /// Signs `count` jobs taken round-robin from `sample` (each job is the payloads of one notification, signed
    /// in order on one lane; a lane gets ``jobsPerDispatch`` jobs per dispatch) and returns the time it took.
    func sign(count: Int, from sample: [[Data]]) -> Span {
        precondition(!sample.isEmpty || count == 0, "the baseline needs a sample of payloads")
        let group = DispatchGroup()
        let start = ProcessUsage.now()
        var waiting = Array(repeating: [[Data]](), count: signers.count)
        func dispatch(_ lane: Int) {
            let jobs = waiting[lane]
            waiting[lane].removeAll(keepingCapacity: true)
            let signer = signers[lane]
            Self.queues[lane].async(group: group) {
                // Each JWS is appended to a buffer kept across the dispatch's payloads, as the engine's lanes sign
                // (`sign(payload:appendingTo:)`): no string, and no UTF-8 validation of it, per signature.
                var output: [UInt8] = []
                for job in jobs {
                    for payload in job {
                        output.removeAll(keepingCapacity: true)
                        let signed = payload.withUnsafeBytes { bytes in
                            (try? signer.sign(payload: bytes, appendingTo: &output)) != nil
                        }
                        precondition(signed, "the baseline could not sign")
                    }
                }
            }
        }
        for index in 0..<count {
            let lane = index % signers.count
            waiting[lane].append(sample[index % sample.count])
            if waiting[lane].count >= Self.jobsPerDispatch { dispatch(lane) }
        }
        for lane in waiting.indices where !waiting[lane].isEmpty { dispatch(lane) }
        group.wait()
        return ProcessUsage.now().since(start)
    }
}
