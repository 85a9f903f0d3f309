import Foundation
import StoreCrypto
import Testing

@Suite struct JWSHeaderParsingTests {
    private func header(_ json: String) throws(JWSError) -> JWSHeader {
        try CompactJWS(parsing: Base64URL.encode(Data(json.utf8)) + ".e30.").header
    }

    private func rejection(_ json: String) -> JWSError? {
        do {
            _ = try header(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsRegisteredParametersAndKeepsTheRest() throws {
        let parsed = try header(
            #" { "alg" : "ES256", "typ":"JWT", "kid":"Apple_Xcode_Key", "x5c":["A","B"], "n":-0.5E+2, "o":{"p":[true,false,null]} } "#)
        #expect(parsed.alg == "ES256")
        #expect(parsed.typ == "JWT")
        #expect(parsed.kid == "Apple_Xcode_Key")
        #expect(parsed.x5c == ["A", "B"])
        #expect(parsed.additionalParameters["n"] == .number("-0.5E+2"))
        #expect(parsed.additionalParameters["o"] == .object(["p": .array([.bool(true), .bool(false), .null])]))
    }

    @Test func decodesStringEscapesIncludingSurrogatePairs() throws {
        let parsed = try header(#"{"alg":"ES\u0032\u00356","kid":"a\"b\\c\/d\n\t\ud83d\ude00é"}"#)
        #expect(parsed.alg == "ES256")
        #expect(parsed.kid == "a\"b\\c/d\n\t😀é")
    }

    static let invalidJSON: [String] = [
        #"{"alg":"ES256","alg":"none"}"#,
        #"{"alg":"ES256",}"#,
        #"{"alg":'ES256'}"#,
        #"{"alg":"ES256"} x"#,
        #"{"alg":"\ud83d"}"#,
        #"{"alg":"\x"}"#,
        "{\"alg\":\"a\u{01}b\"}",
        #"{"n":01}"#,
        #"{"n":1.}"#,
        #"{"n":-}"#,
        #"{"n":tru}"#,
        String(repeating: #"{"a":"#, count: 20) + "1" + String(repeating: "}", count: 20),
        #"{"alg":"ES256""#,
    ]

    @Test("Invalid or ambiguous header JSON is rejected", arguments: invalidJSON)
    func rejectsInvalidJSON(json: String) {
        guard case .headerNotJSON = rejection(json) else {
            Issue.record("expected headerNotJSON for \(json), got \(String(describing: rejection(json)))")
            return
        }
    }

    @Test func rejectsHeadersThatAreNotUTF8() {
        let bytes = Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])
        let jws = Base64URL.encode(bytes) + ".e30."
        #expect(throws: JWSError.headerNotJSON("string is not UTF-8 at byte 5")) { try CompactJWS(parsing: jws) }
    }
}
