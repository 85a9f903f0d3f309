import Foundation
import Testing

@testable import AppStoreEngine

/// Notification UUIDs derived from outbox sequence numbers.
@Suite struct NotificationUUIDCodecTests {
    @Test func uuidsAreLowercaseVersionFourUniqueAndDecodeToTheirSequence() throws {
        let codec = NotificationUUIDCodec(key: 0x1234_5678_9ABC_DEF0)
        var seen = Set<String>()
        let sequences: [Int64] = Array(1...20_000) + [1 << 40, 1 << 61, (1 << 62) - 1]
        for sequence in sequences {
            let text = codec.uuid(sequence: sequence)
            let uuid = try #require(UUID(uuidString: text))
            #expect(text == uuid.uuidString.lowercased())
            let bytes = Array(withUnsafeBytes(of: uuid.uuid) { $0 })
            #expect(bytes[6] >> 4 == 4 && bytes[8] >> 6 == 0b10)
            #expect(codec.sequence(uuid: text) == sequence)
            #expect(codec.sequence(uuid: text.uppercased()) == sequence)
            seen.insert(text)
        }
        #expect(seen.count == sequences.count)
    }

    @Test func consecutiveSequencesLookUnrelated() {
        let codec = NotificationUUIDCodec(key: 42)
        let first = Array(codec.uuid(sequence: 1).utf8)
        let second = Array(codec.uuid(sequence: 2).utf8)
        let differing = zip(first, second).filter { $0 != $1 }.count
        #expect(differing > 16)
    }

    @Test func anotherStoreOrAnyOtherTextDoesNotDecode() {
        let mine = NotificationUUIDCodec(key: 7)
        let other = NotificationUUIDCodec(key: 8)
        #expect(mine.uuid(sequence: 1) != other.uuid(sequence: 1))
        #expect((1...1_000).allSatisfy { other.sequence(uuid: mine.uuid(sequence: Int64($0))) == nil })
        var random = UUIDSource()
        #expect((1...1_000).allSatisfy { _ in mine.sequence(uuid: random.makeString()) == nil })
        for text in ["", "missing", "9ad56bd2-0bc6-42e0-af24-fd996d87a1e6x", "9ad56bd2x0bc6-42e0-af24-fd996d87a1e6",
                     "9ad56bd2-0bc6-42e0-af24-fd996d87a1eg"] {
            #expect(mine.sequence(uuid: text) == nil)
        }
    }
}
