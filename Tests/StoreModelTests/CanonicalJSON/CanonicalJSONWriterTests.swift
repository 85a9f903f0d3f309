import Foundation
import StoreModel
import Testing

/// ``CanonicalJSONWriter`` against Foundation's `JSONEncoder` with sorted keys (``AppleJSON``), byte for byte:
/// stored payloads are compared to order versions signed in the same millisecond, and databases hold what the
/// encoder wrote before, so the fast writer may not differ by a single byte.
@Suite struct CanonicalJSONWriterTests {
    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        Array(try AppleJSON.encoder(sortedKeys: true).encode(value))
    }

    /// The first difference, to make a failure readable.
    static func difference(_ fast: [UInt8], _ reference: [UInt8]) -> String {
        let common = zip(fast, reference).prefix { $0 == $1 }.count
        let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, common - 40)..<min(bytes.count, common + 40)], as: UTF8.self) }
        return "differs at byte \(common): writer …\(context(fast))… encoder …\(context(reference))…"
    }

    static func expectIdentical(_ value: some CanonicalJSONEncodable & Encodable, seed: UInt64) throws {
        let fast = value.canonicalJSONBytes()
        let reference = try encoded(value)
        #expect(fast == reference, "seed \(seed): \(difference(fast, reference))")
    }

    /// Presence rates: none, every field, and mixes in between.
    static let presences: [Double] = [0, 1, 0.1, 0.5, 0.9]

    @Test(arguments: presences) func transactionsMatchTheEncoder(presence: Double) throws {
        for seed in UInt64(0)..<600 {
            var generator = PayloadGenerator(seed: seed &* 7919 &+ UInt64(presence * 1000), presence: presence)
            try Self.expectIdentical(generator.transaction(), seed: seed)
        }
    }

    @Test(arguments: presences) func renewalInfoMatchesTheEncoder(presence: Double) throws {
        for seed in UInt64(0)..<600 {
            var generator = PayloadGenerator(seed: seed &* 104_729 &+ UInt64(presence * 1000), presence: presence)
            try Self.expectIdentical(generator.renewal(), seed: seed)
        }
    }

    @Test func everyFieldPresentComesOutInTheEncodersKeyOrder() throws {
        var generator = PayloadGenerator(seed: 1, presence: 1)
        let transaction = generator.transaction()
        let renewal = generator.renewal()
        #expect(transaction.canonicalJSONBytes() == (try Self.encoded(transaction)))
        #expect(renewal.canonicalJSONBytes() == (try Self.encoded(renewal)))
        // Every member really is there, nested objects and arrays included.
        let keys = try #require(JSONSerialization.jsonObject(with: Data(transaction.canonicalJSONBytes())) as? [String: Any]).keys
        #expect(keys.count == 35)
    }

    @Test func emptyPayloadsAreEmptyObjects() {
        #expect(JWSTransactionDecodedPayload().canonicalJSON() == "{}")
        #expect(JWSRenewalInfoDecodedPayload(eligibleWinBackOfferIds: []).canonicalJSON() == #"{"eligibleWinBackOfferIds":[]}"#)
    }

    @Test func stringsAreEscapedAsTheEncoderEscapesThem() throws {
        let text = "a/b\"c\\d\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}é😀\u{2028}"
        let transaction = JWSTransactionDecodedPayload(productId: text)
        #expect(transaction.canonicalJSON() == #"{"productId":"a/b\"c\\d\b\f\n\r\t\u0000\u001f"# + "\u{7F}é😀\u{2028}\"}")
        #expect(transaction.canonicalJSONBytes() == (try Self.encoded(transaction)))
        for value in 0...0x7F {
            let single = JWSTransactionDecodedPayload(productId: String(UnicodeScalar(UInt8(value))))
            #expect(single.canonicalJSONBytes() == (try Self.encoded(single)), "U+\(String(value, radix: 16))")
        }
    }

    @Test func integersAtTheirLimits() throws {
        for value in [Int64.min, Int64.min + 1, -10, -9, -1, 0, 1, 9, 10, 99, 100, Int64.max - 1, Int64.max] {
            let renewal = JWSRenewalInfoDecodedPayload(renewalPrice: value)
            #expect(renewal.canonicalJSON() == #"{"renewalPrice":\#(value)}"#)
            #expect(renewal.canonicalJSONBytes() == (try Self.encoded(renewal)))
        }
        let transaction = JWSTransactionDecodedPayload(quantity: .min, revocationPercentage: .max)
        #expect(transaction.canonicalJSON() == #"{"quantity":-2147483648,"revocationPercentage":2147483647}"#)
    }

    @Test func unknownEnumerationValuesAreWrittenAsTheyCame() throws {
        let transaction = JWSTransactionDecodedPayload(
            type: ProductType(rawValue: "Future \"Type\""), revocationReason: RevocationReason(rawValue: -7),
            environment: AppStoreEnvironment(rawValue: "Staging"))
        #expect(transaction.canonicalJSON() == #"{"environment":"Staging","revocationReason":-7,"type":"Future \"Type\""}"#)
        #expect(transaction.canonicalJSONBytes() == (try Self.encoded(transaction)))
    }

    @Test func decodingTheOutputGivesBackTheValue() throws {
        for seed in UInt64(0)..<100 {
            var generator = PayloadGenerator(seed: seed, presence: 0.7)
            let transaction = generator.transaction()
            let renewal = generator.renewal()
            #expect(try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: Data(transaction.canonicalJSONBytes())) == transaction)
            #expect(try AppleJSON.decode(JWSRenewalInfoDecodedPayload.self, from: Data(renewal.canonicalJSONBytes())) == renewal)
        }
    }
}
