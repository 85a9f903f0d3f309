import Foundation
import StoreModel
import Testing

@Suite struct AppleJSONTests {
    static func sorted(_ value: some Encodable) throws -> String {
        String(decoding: try AppleJSON.encoder(sortedKeys: true).encode(value), as: UTF8.self)
    }

    @Test func encodingIsCompactWithUnescapedSlashes() throws {
        let response = RealtimeUrlResponse(realtimeURL: "https://example.com/realtime")
        let json = String(decoding: try AppleJSON.encode(response), as: UTF8.self)
        #expect(json == #"{"realtimeURL":"https://example.com/realtime"}"#)
        let error = ErrorPayload(errorCode: 4_040_010, errorMessage: "Transaction id not found.")
        #expect(try Self.sorted(error) == #"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#)
    }

    @Test func absentFieldsAreLeftOutRatherThanWrittenAsNull() throws {
        let transaction = JWSTransactionDecodedPayload(transactionId: "1", signedDate: .ms(1_698_148_900_123))
        #expect(try Self.sorted(transaction) == #"{"signedDate":1698148900123,"transactionId":"1"}"#)
    }

    @Test func sortedKeysAndPrettyPrintingAreOptIn() throws {
        let response = HistoryResponse(revision: "r", hasMore: false, bundleId: "b")
        let sorted = String(decoding: try AppleJSON.encoder(sortedKeys: true).encode(response), as: UTF8.self)
        #expect(sorted == #"{"bundleId":"b","hasMore":false,"revision":"r"}"#)
        let pretty = String(decoding: try AppleJSON.encoder(prettyPrinted: true).encode(response), as: UTF8.self)
        #expect(pretty.contains("\n"))
        #expect(try AppleJSON.decode(HistoryResponse.self, from: Data(pretty.utf8)) == response)
    }

    @Test func theDecoderReadsMillisecondDates() throws {
        let json = Data(#"{"attemptDate":1698148900000.9}"#.utf8)
        let item = try AppleJSON.decoder().decode(SendAttemptItem.self, from: json)
        #expect(item.attemptDate == .ms(1_698_148_900_000))
    }
}
