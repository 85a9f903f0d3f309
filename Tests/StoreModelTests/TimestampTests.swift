import Foundation
import StoreModel
import Testing

@Suite struct TimestampTests {
    @Test func decodesWholeAndFractionalMilliseconds() throws {
        let decoded = try JSONDecoder().decode([Timestamp].self, from: Data("[1698148900000, 1697679936049.7297]".utf8))
        #expect(decoded == [Timestamp(milliseconds: 1_698_148_900_000), Timestamp(milliseconds: 1_697_679_936_049)])
    }

    @Test func encodesAsAnInteger() throws {
        let encoded = try JSONEncoder().encode([Timestamp(milliseconds: 1_698_148_900_123)])
        #expect(String(decoding: encoded, as: UTF8.self) == "[1698148900123]")
    }

    @Test func rejectsANonNumber() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Timestamp].self, from: Data(#"["soon"]"#.utf8)) }
    }
}
