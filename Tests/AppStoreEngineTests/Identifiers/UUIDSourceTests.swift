import Foundation
import Testing

@testable import AppStoreEngine

/// Notification UUIDs and nonces.
@Suite struct UUIDSourceTests {
    @Test func uuidsAreLowercaseVersionFourAndUnique() throws {
        var source = UUIDSource()
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let text = source.makeString()
            let uuid = try #require(UUID(uuidString: text))
            #expect(text == uuid.uuidString.lowercased())
            let bytes = Array(withUnsafeBytes(of: uuid.uuid) { $0 })
            #expect(bytes[6] >> 4 == 4 && bytes[8] >> 6 == 0b10)
            seen.insert(text)
        }
        #expect(seen.count == 10_000)
        var other = UUIDSource()
        #expect(other.makeString() != source.makeString())
    }
}
