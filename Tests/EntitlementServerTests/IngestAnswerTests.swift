@testable import EntitlementServer
import Foundation
import StoreModel
import Testing

/// The answer to a notification is written by hand; it must be the bytes the JSON encoder writes.
@Suite struct IngestAnswerTests {
    @Test(arguments: [
        IngestAnswer(status: "applied", events: ["subscription.started:1000000000000001", "entitlement.granted:a/b"]),
        IngestAnswer(status: "duplicate", events: []),
        IngestAnswer(status: "recorded", events: ["quote \" backslash \\ tab \t newline \n unicode é 🌮 control \u{1}"]),
    ])
    func `the answer is the encoder's bytes`(answer: IngestAnswer) throws {
        #expect(answer.json == (try AppleJSON.encoder(sortedKeys: true).encode(answer)))
    }
}
