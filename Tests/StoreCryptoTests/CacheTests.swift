import Foundation
import StoreModel
import Testing

@testable import StoreCrypto

@Suite struct CacheTests {
    @Test func boundedCacheEvictsTheLeastRecentlyUsedEntry() {
        let cache = BoundedCache<String, Int>(capacity: 2)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        #expect(cache.value(for: "a") == 1)
        cache.insert(3, for: "c")
        #expect(cache.count == 2)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
    }

    @Test func boundedCacheOfCapacityZeroStoresNothing() {
        let cache = BoundedCache<String, Int>(capacity: 0)
        cache.insert(1, for: "a")
        #expect(cache.value(for: "a") == nil)
        #expect(cache.count == 0)
    }

    @Test func chainKeysThatHashAlikeStayDistinct() {
        let tail = String(repeating: "T", count: 32)
        let first = VerifiedChainCache.Key(leaf: "A" + tail, intermediate: "B" + tail)
        let second = VerifiedChainCache.Key(leaf: "C" + tail, intermediate: "B" + tail)
        #expect(first.hashValue == second.hashValue)
        #expect(first != second)
        let cache = BoundedCache<VerifiedChainCache.Key, Int>(capacity: 4)
        cache.insert(1, for: first)
        cache.insert(2, for: second)
        #expect(cache.value(for: first) == 1)
        #expect(cache.value(for: second) == 2)
    }

    @Test func chainCacheEntriesAreUsableOnlyInsideTheirWindow() throws {
        let cache = VerifiedChainCache(capacity: 4)
        let key = VerifiedChainCache.Key(leaf: "l", intermediate: "i")
        let entry = VerifiedChainCache.Entry(
            leafKey: try P256PrivateKey.generate().publicKey, root: TestPKI.authority.root, validity: 100..<200)
        cache.insert(entry, for: key)
        #expect(cache.entry(for: key, at: Timestamp(milliseconds: 100_000)) != nil)
        #expect(cache.entry(for: key, at: Timestamp(milliseconds: 199_999)) != nil)
        #expect(cache.entry(for: key, at: Timestamp(milliseconds: 200_000)) == nil)
        #expect(cache.entry(for: key, at: Timestamp(milliseconds: 99_999)) == nil)
    }

    @Test func headerCacheTellsApartSegmentsWithTheSameHashSample() throws {
        let cache = JWSHeaderCache(capacity: 8)
        // Same length, same characters 40..<104, different elsewhere: equal hashes, different headers.
        func segment(kid: String) -> String {
            Base64URL.encode(Data(#"{"alg":"ES256","kid":"\#(kid)","x5c":["\#(String(repeating: "A", count: 120))"]}"#.utf8))
        }
        let first = segment(kid: "1")
        let second = segment(kid: "2")
        #expect(first.count == second.count)
        for (text, kid) in [(first, "1"), (second, "2"), (first, "1"), (second, "2")] {
            let header = try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JWSError) in
                try cache.header(for: buffer) { () throws(JWSError) in
                    try CompactJWS(parsing: text + ".e30.").header
                }
            }
            #expect(header.kid == kid)
        }
    }

    @Test func verifierReusesParsedCertificatesAcrossFreshChainValidations() throws {
        let verifier = try TestPKI.verifier(chainCacheCapacity: 0)
        let jws = try TestPKI.authority.signer.sign(payload: Data(TestPKI.transactionJSON().utf8))
        for _ in 0..<3 {
            #expect(verifier.verify(jws, as: TestTransactionPayload.self).isVerified)
        }
        #expect(verifier.certificateCache.count == 2)
        #expect(verifier.chainCache.count == 0)
    }

    @Test func certificatesOfRejectedChainsAreNotCached() throws {
        let verifier = try TestPKI.verifier()
        let untrusted = try TestPKI.otherAuthority.signer.sign(payload: Data(TestPKI.transactionJSON().utf8))
        #expect(verifier.verify(untrusted, as: TestTransactionPayload.self).failure?.reason == .untrustedChain)
        #expect(verifier.certificateCache.count == 0)
        #expect(verifier.chainCache.count == 0)
    }
}
