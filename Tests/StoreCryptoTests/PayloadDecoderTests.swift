import Foundation
import StoreModel
import Testing

@testable import StoreCrypto

/// `PayloadDecoder` must decode exactly what `JSONDecoder()` decodes, and fail where it fails.
@Suite struct PayloadDecoderTests {
    /// Any JSON, decoded through the single-value container as `JSONDecoder` users usually do.
    indirect enum AnyJSON: Decodable, Equatable {
        case null, bool(Bool), integer(Int64), double(Double), string(String), array([AnyJSON])
        case object([String: AnyJSON])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let integer = try? container.decode(Int64.self) {
                self = .integer(integer)
            } else if let double = try? container.decode(Double.self) {
                self = .double(double)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let array = try? container.decode([AnyJSON].self) {
                self = .array(array)
            } else {
                self = .object(try container.decode([String: AnyJSON].self))
            }
        }
    }

    private func both<T: Decodable>(_ type: T.Type, _ json: String) -> (ours: Result<T, any Error>, foundation: Result<T, any Error>) {
        let data = Data(json.utf8)
        return (Result { try PayloadDecoder.decode(type, from: data) }, Result { try JSONDecoder().decode(type, from: data) })
    }

    static let modelFiles: [String] = {
        let directory = Fixtures.appleVectors.appendingPathComponent("models")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
            .sorted()
    }()

    @Test("Every Apple model file decodes identically", arguments: modelFiles)
    func appleModelFileDecodesIdentically(file: String) throws {
        let json = try Fixtures.text("models/\(file)")
        let results = both(AnyJSON.self, json)
        #expect(try results.ours.get() == results.foundation.get())
    }

    struct Everything: Codable, Equatable {
        enum Kind: String, Codable { case a, b }
        enum Level: Int32, Codable { case low = 1, high = 2 }
        struct Nested: Codable, Equatable {
            var values: [Int16]
            var flags: [Bool]?
        }

        var string: String
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var double: Double
        var float: Float
        var bool: Bool
        var uuid: UUID
        var url: URL
        var data: Data
        var decimal: Decimal
        var date: Date
        var kind: Kind
        var level: Level
        var environment: AppStoreEnvironment
        var timestamp: Timestamp
        var nested: Nested
        var matrix: [[Int]]
        var dictionary: [String: Int64]
        var optionalPresent: String?
        var optionalNull: String?
        var optionalMissing: String?
    }

    static let everythingJSON = """
        {"string":"a\\"b\\u00e9","int":-5,"int8":-128,"int16":32767,"int32":1.0,"int64":1e3,"uint":7,"uint8":255,
        "uint16":65535,"uint32":4294967295,"uint64":18446744073709551615,"double":1.5e-3,"float":0.25,"bool":true,
        "uuid":"7E3FB20B-4cdb-47cc-936d-99d65f608138","url":"https://example.com/a?b=c","data":"AAEC/w==",
        "decimal":12.50,"date":123.5,"kind":"b","level":2,"environment":"Sandbox","timestamp":1697679936049.7297,
        "nested":{"values":[1,-2,3],"flags":null},"matrix":[[1],[],[2,3]],"dictionary":{"x":1,"y":-1},
        "optionalPresent":"p","optionalNull":null}
        """

    @Test func everySupportedTypeDecodesIdentically() throws {
        let results = both(Everything.self, Self.everythingJSON)
        let ours = try results.ours.get()
        #expect(ours == (try results.foundation.get()))
        #expect(ours.timestamp.milliseconds == 1_697_679_936_049)
        #expect(ours.uuid.uuidString == "7E3FB20B-4CDB-47CC-936D-99D65F608138")
    }

    struct Manual: Decodable, Equatable {
        var first: Int
        var nestedName: String
        var tail: [String]
        var keys: [String]

        enum Keys: String, CodingKey { case first, inner, list }
        enum InnerKeys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            first = try container.decode(Int.self, forKey: .first)
            nestedName = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner).decode(String.self, forKey: .name)
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            var tail: [String] = []
            while !list.isAtEnd {
                if try list.decodeNil() { tail.append("nil") } else { tail.append(try list.decode(String.self)) }
            }
            self.tail = tail
            keys = container.allKeys.map(\.stringValue).sorted()
        }
    }

    @Test func nestedAndUnkeyedContainersBehaveAlike() throws {
        let results = both(Manual.self, #"{"first":1,"inner":{"name":"n"},"list":["a",null,"b"],"other":0}"#)
        #expect(try results.ours.get() == results.foundation.get())
    }

    struct Plain: Decodable, Equatable {
        var id: String
        var count: Int32
        var items: [UInt8]?
    }

    /// Inputs both decoders reject, with the kind of error they must agree on.
    static let rejected: [(json: String, kind: String, path: String?)] = [
        (#"{"count":1}"#, "keyNotFound", ""),
        (#"{"id":null,"count":1}"#, "valueNotFound", "id"),
        (#"{"id":7,"count":1}"#, "typeMismatch", "id"),
        (#"{"id":"a","count":"1"}"#, "typeMismatch", "count"),
        (#"{"id":"a","count":1.5}"#, "dataCorrupted", nil),
        (#"{"id":"a","count":3000000000}"#, "dataCorrupted", nil),
        (#"{"id":"a","count":1,"items":[1,-1]}"#, "dataCorrupted", nil),
        (#"{"id":"a","count":1,"items":[1,"x"]}"#, "typeMismatch", "items.Index 1"),
        (#"{"id":"a","count":1,"items":{}}"#, "typeMismatch", "items"),
        (#"[1]"#, "typeMismatch", ""),
        (#""text""#, "typeMismatch", ""),
    ]

    @Test("Invalid payloads fail alike", arguments: rejected)
    func invalidPayloadsFailAlike(json: String, kind: String, path: String?) {
        let results = both(Plain.self, json)
        guard case .failure(let ours as DecodingError) = results.ours,
            case .failure(let foundation as DecodingError) = results.foundation
        else {
            Issue.record("\(json) decoded: \(results)")
            return
        }
        #expect(Self.kind(of: ours) == kind)
        #expect(Self.kind(of: foundation) == kind)
        if let path {
            #expect(Self.path(of: ours) == path)
        }
    }

    @Test func duplicateMembersKeepTheFirstValueLikeJSONDecoder() throws {
        let results = both(Plain.self, #"{"id":"first","id":"second","count":1}"#)
        #expect(try results.ours.get() == results.foundation.get())
        #expect(try results.ours.get().id == "first")
    }

    @Test func invalidJSONIsAParseFailure() {
        #expect(throws: JSONParser.Failure.self) { try PayloadDecoder.decode(Plain.self, from: Data("{".utf8)) }
        #expect(throws: JSONParser.Failure.self) { try PayloadDecoder.decode(Plain.self, from: Data([0xFF])) }
    }

    @Test("UUID text is parsed strictly", arguments: [
        ("7e3fb20b-4cdb-47cc-936d-99d65f608138", true), ("7E3FB20B-4CDB-47CC-936D-99D65F608138", true),
        ("7e3fb20b4cdb47cc936d99d65f608138", false), ("7e3fb20b-4cdb-47cc-936d-99d65f60813", false),
        ("7e3fb20b-4cdb-47cc-936d-99d65f6081388", false), ("{7e3fb20b-4cdb-47cc-936d-99d65f608138}", false),
        ("7e3fb20b-4cdb-47cc-936d-99d65f60813g", false), ("", false),
    ])
    func uuidParsingMatchesFoundation(text: String, valid: Bool) {
        #expect((UUIDText.parse(text) != nil) == valid)
        #expect(UUIDText.parse(text) == UUID(uuidString: text))
    }

    private static func kind(of error: DecodingError) -> String {
        switch error {
        case .keyNotFound: "keyNotFound"
        case .valueNotFound: "valueNotFound"
        case .typeMismatch: "typeMismatch"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "unknown"
        }
    }

    private static func path(of error: DecodingError) -> String {
        let context: DecodingError.Context? =
            switch error {
            case .keyNotFound(_, let context), .valueNotFound(_, let context), .typeMismatch(_, let context),
                .dataCorrupted(let context):
                context
            @unknown default: nil
            }
        return (context?.codingPath ?? []).map(\.stringValue).joined(separator: ".")
    }
}
