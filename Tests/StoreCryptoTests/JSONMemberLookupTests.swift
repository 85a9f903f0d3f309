import Foundation
import Testing

@testable import StoreCrypto

/// Member lookup by name probes and the hash index must find exactly the member `JSONDecoder` finds: the first
/// whose name is equal as a `String` (Unicode canonical equivalence), in small and large objects.
@Suite struct JSONMemberLookupTests {
    struct Picked: Decodable, Equatable {
        var kelvin: Int?
        var acute: Int?
        var alphabet: Int?
        var middleOne: Int?
        var middleTwo: Int?
        var duplicate: Int?
        var escaped: Int?
        var revocationDate: Int?
        var revocationType: Int?
        var absent: Int?

        enum CodingKeys: String, CodingKey {
            case kelvin = "K"
            case acute = "é"
            case alphabet = "abcdefghijklmnopqrstuvwxyz"
            case middleOne = "prefix12MIDDLE1suffix12"
            case middleTwo = "prefix12MIDDLE2suffix12"
            case duplicate = "dup"
            case escaped = "esc"
            case revocationDate, revocationType, absent
        }
    }

    /// Members (name as JSON text, without quotes) that exercise every comparison: equal first and last eight
    /// bytes, a difference in the middle, duplicates, escapes.
    static let asciiMembers = [
        "prefix12MIDDLE2suffix12", "prefix12MIDDLE1suffix12", "abcdefghijklmXopqrstuvwxyz",
        "abcdefghijklmnopqrstuvwxyz", "dup", "dup", #"\u0065sc"#, "revocationType", "revocationDate", "k",
    ]
    static let fillers = (0..<8).map { "filler\($0)" }

    static func object(_ names: [String]) -> String {
        "{" + names.enumerated().map { #""\#($1)":\#($0 + 1)"# }.joined(separator: ",") + "}"
    }

    static let documents: [String] = [
        object(asciiMembers),
        object(asciiMembers + fillers),
        object(fillers + asciiMembers.reversed()),
        object(["dup", "dup", "K"]),
        object([#"\u212A"#, "K"] + fillers),
        object(["K", #"\u212A"#] + fillers),
        object([#"e\u0301"#, "\u{E9}"] + asciiMembers + fillers),
        object(["\u{E9}", #"e\u0301"#, "dup"]),
        object(asciiMembers + [#"\u212A"#] + fillers),
        object(fillers.map { $0 + "\u{301}" } + ["K"]),
    ]

    @Test("Lookups find the member JSONDecoder finds", arguments: documents)
    func lookupsMatchJSONDecoder(json: String) throws {
        let data = Data(json.utf8)
        let ours = try PayloadDecoder.decode(Picked.self, from: data)
        let foundation = try JSONDecoder().decode(Picked.self, from: data)
        #expect(ours == foundation)
    }

    @Test func theDocumentsExerciseWhatTheyClaim() throws {
        let large = try PayloadDecoder.decode(Picked.self, from: Data(Self.documents[1].utf8))
        #expect(large.duplicate == 5)
        #expect(large.middleOne == 2)
        #expect(large.middleTwo == 1)
        #expect(large.alphabet == 4)
        #expect(large.escaped == 7)
        #expect(large.kelvin == nil)
        let kelvin = try PayloadDecoder.decode(Picked.self, from: Data(Self.documents[4].utf8))
        #expect(kelvin.kelvin == 1)
        let acute = try PayloadDecoder.decode(Picked.self, from: Data(Self.documents[6].utf8))
        #expect(acute.acute == 1)
    }

    @Test func probesSeparateNamesThatShareTheirEnds() {
        func probe(_ name: String) -> JSONNameProbe {
            Array(name.utf8).withUnsafeBufferPointer { JSONNameProbe($0) }
        }
        #expect(probe("prefix12MIDDLE1suffix12").isCandidate(for: probe("prefix12MIDDLE2suffix12")))
        #expect(!probe("revocationDate").isCandidate(for: probe("revocationType")))
        #expect(probe("K").isASCII)
        #expect(!probe("\u{212A}").isASCII)
    }
}
