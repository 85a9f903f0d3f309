import Foundation
import StoreCrypto
import Testing

@Suite struct Base64Tests {
    /// RFC 4648 §10 vectors, without padding for base64url and with padding for standard base64.
    static let rfc4648Vectors: [(plain: String, url: String, standard: String)] = [
        ("", "", ""), ("f", "Zg", "Zg=="), ("fo", "Zm8", "Zm8="), ("foo", "Zm9v", "Zm9v"), ("foob", "Zm9vYg", "Zm9vYg=="),
        ("fooba", "Zm9vYmE", "Zm9vYmE="), ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
    ]

    @Test("RFC 4648 vectors encode and decode in both variants", arguments: rfc4648Vectors)
    func rfc4648Vector(vector: (plain: String, url: String, standard: String)) throws {
        let bytes = Data(vector.plain.utf8)
        #expect(Base64URL.encode(bytes) == vector.url)
        #expect(StrictBase64.encode(bytes) == vector.standard)
        #expect(try Base64URL.decode(vector.url) == bytes)
        #expect(try StrictBase64.decode(vector.standard) == bytes)
    }

    @Test func base64URLUsesDashAndUnderscoreWhereStandardUsesPlusAndSlash() throws {
        let bytes = Data([0xFB, 0xFF, 0xBF])
        #expect(Base64URL.encode(bytes) == "-_-_")
        #expect(StrictBase64.encode(bytes) == "+/+/")
        #expect(try Base64URL.decode("-_-_") == bytes)
    }

    @Test func everyByteValueRoundTripsAtEveryLength() throws {
        let bytes = Data((0..<256).map { UInt8($0) })
        for length in 0...bytes.count {
            let prefix = bytes.prefix(length)
            #expect(try Base64URL.decode(Base64URL.encode(prefix)) == prefix)
            #expect(try StrictBase64.decode(StrictBase64.encode(prefix)) == prefix)
            #expect(StrictBase64.encode(prefix) == prefix.base64EncodedString())
        }
    }

    static let rejectedBase64URL: [(input: String, error: Base64DecodingError)] = [
        ("Zm9v+", .invalidCharacter(offset: 4)),
        ("Zm/v", .invalidCharacter(offset: 2)),
        ("Zm 9v", .invalidCharacter(offset: 2)),
        ("Zm9v\n", .invalidCharacter(offset: 4)),
        ("Zg==", .paddingNotAllowed),
        ("Zm8=", .paddingNotAllowed),
        ("Z=m8", .invalidCharacter(offset: 1)),
        ("Zm9vY", .invalidLength(5)),
        ("Zm8==", .paddingNotAllowed),
        ("Zh", .nonCanonicalEncoding),
        ("Zm9", .nonCanonicalEncoding),
        ("Zm\u{E9}v", .invalidCharacter(offset: 2)),
    ]

    @Test("Base64url decoding is strict", arguments: rejectedBase64URL)
    func base64URLRejects(input: String, error: Base64DecodingError) {
        #expect(throws: error) { try Base64URL.decode(input) }
    }

    static let rejectedStandard: [(input: String, error: Base64DecodingError)] = [
        ("Zg", .missingPadding),
        ("Zm8", .missingPadding),
        ("-_-_", .invalidCharacter(offset: 0)),
        ("Zm9v\nYmFy", .invalidCharacter(offset: 4)),
        ("Zm9v YmFy", .invalidCharacter(offset: 4)),
        ("Zm9vYmFy\n", .invalidCharacter(offset: 8)),
        ("Zm9vYm=", .invalidLength(7)),
        ("Zh==", .nonCanonicalEncoding),
        ("Zg=a", .invalidCharacter(offset: 2)),
        ("Z===", .invalidCharacter(offset: 1)),
        ("Zm9vYmF=Zm9v", .invalidCharacter(offset: 7)),
        ("Zm9v====", .invalidCharacter(offset: 4)),
    ]

    @Test("Standard base64 decoding is strict and requires padding", arguments: rejectedStandard)
    func standardRejects(input: String, error: Base64DecodingError) {
        #expect(throws: error) { try StrictBase64.decode(input) }
    }
}
