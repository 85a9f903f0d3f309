import Foundation
import StoreModel
import Testing

import StoreCrypto

/// The public entry point to the fast decoder: `JSONDecoder()`'s results, `DecodingError`s on bad input.
@Suite struct AppStoreJSONDecoderTests {
    struct Blob: Codable, Equatable {
        var name: String
        var values: [Int64]
        var nested: [String: Bool]?
    }

    @Test func decodesWhatJSONDecoderDecodes() throws {
        let transaction = Data(
            #"{"transactionId":"2000000000000002","price":4990,"type":"Auto-Renewable Subscription","purchaseDate":1704067200000,"isUpgraded":true}"#
                .utf8)
        #expect(
            try AppStoreJSONDecoder.decode(JWSTransactionDecodedPayload.self, from: transaction)
                == JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: transaction))
        let blob = Data(#"{"name":"a\u00e9","values":[1,2.0,3e1],"nested":{"x":false}}"#.utf8)
        #expect(try AppStoreJSONDecoder.decode(Blob.self, from: blob) == JSONDecoder().decode(Blob.self, from: blob))
        let array = Data(#"["b","a"]"#.utf8)
        #expect(try AppStoreJSONDecoder.decode([String].self, from: array) == ["b", "a"])
    }

    @Test func badInputThrowsDecodingErrors() {
        #expect(throws: DecodingError.self) { try AppStoreJSONDecoder.decode(Blob.self, from: Data("{\"name\":".utf8)) }
        #expect(throws: DecodingError.self) { try AppStoreJSONDecoder.decode(Blob.self, from: Data(#"{"name":1,"values":[]}"#.utf8)) }
        #expect(throws: DecodingError.self) { try AppStoreJSONDecoder.decode([Int].self, from: Data("[1.5]".utf8)) }
    }
}
