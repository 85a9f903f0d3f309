import Foundation
import StoreModel
import Testing

@Suite struct ModelVectorTests {
    /// The one file in `apple-vectors/models` that must not decode.
    static let undecodable = "transactionHistoryResponseWithMalformedAppAppleId.json"

    @Test func everyAppleModelFileHasAModelInTheTable() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.appleModels.path)
            .filter { $0.hasSuffix(".json") }
        let covered = ModelVector.all.map(\.file) + [Self.undecodable]
        #expect(files.count == 75)
        #expect(Set(files) == Set(covered))
        #expect(covered.count == Set(covered).count, "a file is listed twice")
    }

    @Test(arguments: ModelVector.all)
    func decodesAndReencodesWithoutLosingAField(_ vector: ModelVector) throws {
        let original = try Fixtures.appleModel(vector.file)
        let reencoded = try vector.reencode(original)
        let expected = try JSONTree(parsing: original).adding(vector.addedOnEncode.mapValues { .string($0) })
        #expect(try JSONTree(parsing: reencoded) == expected)
    }

    @Test func aHistoryResponseWithAnUnknownEnvironmentKeepsTheRawValue() throws {
        let response = try Fixtures.decodeAppleModel(
            HistoryResponse.self, "transactionHistoryResponseWithMalformedEnvironment.json")
        #expect(response.environment == AppStoreEnvironment(rawValue: "LocalTestingxxx"))
        #expect(response.environment?.isKnown == false)
        #expect(response.appAppleId == 323232)
        #expect(response.signedTransactions == ["signed_transaction_value", "signed_transaction_value2"])
    }

    @Test func aHistoryResponseWithAStringAppAppleIdFailsToDecode() throws {
        let data = try Fixtures.appleModel(Self.undecodable)
        #expect(throws: DecodingError.self) { try AppleJSON.decode(HistoryResponse.self, from: data) }
    }

    @Test func aNumberWhereABooleanBelongsFailsToDecode() {
        // Swift's copy of the malformed file keeps `"hasMore": true`; Python's has `1`. Either way it fails.
        let data = Data(#"{"hasMore":1}"#.utf8)
        #expect(throws: DecodingError.self) { try AppleJSON.decode(HistoryResponse.self, from: data) }
    }
}
