import EntitlementServer
import Foundation
import StoreCrypto
import StoreModel

/// The reference: the verification work ingest does per notification (the notification JWS and the signed
/// transaction and renewal info inside), on every core, with no storage.
enum VerifyOnlyBenchmark {
    static func run(_ bodies: [Data], store: BenchmarkStore) async throws -> Double {
        let verifier = try SignedDataVerifier(
            rootCertificates: [store.authority.root.derRepresentation], bundleId: BenchmarkStore.bundleId, appAppleId: 1,
            environment: .sandbox, currentTime: { Timestamp(Date()) })
        let workers = ProcessInfo.processInfo.activeProcessorCount * 2
        let start = ContinuousClock.now
        let verified = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var count = 0
                    for index in stride(from: worker, to: bodies.count, by: workers) {
                        guard let body = try? AppleJSON.decode(ResponseBodyV2.self, from: bodies[index]), let signed = body.signedPayload,
                            case .verified(let payload) = verifier.verifyNotification(signed)
                        else { continue }
                        if let transaction = payload.data?.signedTransactionInfo, !verifier.verifyTransaction(transaction).isVerified { continue }
                        if let renewal = payload.data?.signedRenewalInfo, !verifier.verifyRenewalInfo(renewal).isVerified { continue }
                        count += 1
                    }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        precondition(verified == bodies.count, "only \(verified) of \(bodies.count) notifications verified")
        return Double(bodies.count) / (ContinuousClock.now - start).seconds
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
