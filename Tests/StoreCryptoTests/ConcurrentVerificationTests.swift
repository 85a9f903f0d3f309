import Foundation
import StoreLocking
import StoreModel
import Testing

@testable import StoreCrypto

/// The verifier is `Sendable` and reuses OpenSSL contexts (per key, pooled) and caches across calls: many threads
/// verifying at once must each get the verdict a lone call gets, and no context may serve two calls at once.
@Suite struct ConcurrentVerificationTests {
    static let valid: String = {
        do {
            return try TestPKI.authority.signer.sign(payload: Data(TestPKI.transactionJSON().utf8))
        } catch {
            fatalError("signing: \(error)")
        }
    }()

    /// A valid JWS with one payload character changed: the signature no longer matches.
    static let tampered: String = {
        let parts = Forge.segments(valid)
        let payload = Base64URL.encode(Data(TestPKI.transactionJSON(bundleId: "com.examplf").utf8))
        return parts[0] + "." + payload + "." + parts[2]
    }()

    /// A valid-looking chain under an unrelated root.
    static let untrusted: String = {
        do {
            return try TestPKI.otherAuthority.signer.sign(payload: Data(TestPKI.transactionJSON().utf8))
        } catch {
            fatalError("signing: \(error)")
        }
    }()

    @Test("Concurrent verifications reach the verdicts of single calls", arguments: [64, 0])
    func concurrentVerificationsAgree(chainCacheCapacity: Int) throws {
        let verifier = try TestPKI.verifier(chainCacheCapacity: chainCacheCapacity)
        let inputs = [Self.valid, Self.tampered, Self.untrusted]
        let expected = inputs.map { verifier.verify($0, as: TestTransactionPayload.self).failure?.reason }
        #expect(expected == [nil, .invalidSignature, .untrustedChain])
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 240) { iteration in
            let index = iteration % inputs.count
            let reason = verifier.verify(inputs[index], as: TestTransactionPayload.self).failure?.reason
            if reason != expected[index] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func aPooledContextIsNeverLentToTwoCallersAtOnce() throws {
        let key = try P256PrivateKey.generate().publicKey
        let pool = KeyOperationPool(key: key.pointer, operation: .verify)
        let lent = Locked(Set<Int>())
        let overlaps = Locked(0)
        let distinct = Locked(Set<Int>())
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            _ = pool.withContext { context -> (result: Void, reusable: Bool) in
                let address = Int(bitPattern: UnsafeRawPointer(context))
                let fresh = lent.withLock { $0.insert(address).inserted }
                if !fresh { overlaps.withLock { $0 += 1 } }
                distinct.withLock { _ = $0.insert(address) }
                usleep(50)
                lent.withLock { _ = $0.remove(address) }
                return ((), true)
            }
        }
        #expect(overlaps.withLock { $0 } == 0)
        #expect(!distinct.withLock { $0.isEmpty })
    }

    @Test func aContextThatSawAnErrorIsNotReused() throws {
        let key = try P256PrivateKey.generate().publicKey
        let pool = KeyOperationPool(key: key.pointer, operation: .verify)
        let first = pool.withContext { context in (Int(bitPattern: UnsafeRawPointer(context)), false) }
        let second = pool.withContext { context in (Int(bitPattern: UnsafeRawPointer(context)), true) }
        let third = pool.withContext { context in (Int(bitPattern: UnsafeRawPointer(context)), true) }
        #expect(first != nil && second != nil)
        #expect(second == third)
    }
}
