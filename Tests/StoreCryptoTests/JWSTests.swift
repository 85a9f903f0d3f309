import Foundation
import StoreCrypto
import Testing

@Suite struct JWSTests {
    @Test func signedJWSParsesBackWithHeaderPayloadAndSignature() throws {
        let key = try P256PrivateKey.generate()
        let header = JWSHeader(
            x5c: ["AAAA"], kid: "KEY", typ: "JWT", additionalParameters: ["custom": .array([.number("1.5e3"), .null])])
        let payload = Data(#"{"a":1}"#.utf8)
        let jws = try JWS.sign(payload: payload, key: key, header: header)
        let parsed = try CompactJWS(parsing: jws)
        #expect(parsed.header == header)
        #expect(parsed.payload == payload)
        #expect(parsed.signature.count == 64)
        #expect(parsed.hasValidES256Signature(from: key.publicKey))
        #expect(parsed.signingInput == jws[..<jws.lastIndex(of: ".")!])
    }

    @Test func signatureIsAcceptedByOpenSSLsOwnEVPVerification() throws {
        let key = try P256PrivateKey.generate()
        let jws = try JWS.sign(payload: Data(#"{"bundleId":"com.example"}"#.utf8), key: key)
        let segments = Forge.segments(jws)
        let signingInput = Data((segments[0] + "." + segments[1]).utf8)
        let der = IndependentOpenSSL.derFromRaw(try Base64URL.decode(segments[2]))
        #expect(IndependentOpenSSL.verifyDER(der, message: signingInput, subjectPublicKeyInfo: key.publicKey.derRepresentation))
    }

    @Test func signerReusesTheEncodedHeaderAndForcesES256() throws {
        let signer = JWSSigner(key: try P256PrivateKey.generate(), header: JWSHeader(alg: "none", x5c: ["AAAA"]))
        #expect(signer.header.alg == "ES256")
        let first = Forge.segments(try signer.sign(payload: Data("1".utf8)))
        let second = Forge.segments(try signer.sign(payload: Data("2".utf8)))
        #expect(first[0] == second[0])
        #expect(try Base64URL.decode(first[0]) == Data(#"{"alg":"ES256","x5c":["AAAA"]}"#.utf8))
        for payload in ["", "1", "12", "123", String(repeating: "x", count: 1000)] {
            let jws = try signer.sign(payload: Data(payload.utf8))
            let parsed = try CompactJWS(parsing: jws)
            #expect(parsed.payload == Data(payload.utf8))
            #expect(parsed.hasValidES256Signature(from: signer.key.publicKey))
        }
    }

    @Test func signingIntoABufferAppendsTheSameSerialisationAfterWhatItHolds() throws {
        let signer = JWSSigner(key: try P256PrivateKey.generate(), header: JWSHeader(x5c: ["AAAA"]))
        var buffer = Array("kept:".utf8)
        for payload in ["", "1", "12", "123", String(repeating: "y", count: 5000)] {
            let before = buffer.count
            let start = try Array(payload.utf8).withUnsafeBytes { try signer.sign(payload: $0, appendingTo: &buffer) }
            #expect(start == before)
            let jws = String(decoding: buffer[start...], as: UTF8.self)
            let parsed = try CompactJWS(parsing: jws)
            #expect(parsed.payload == Data(payload.utf8))
            #expect(parsed.hasValidES256Signature(from: signer.key.publicKey))
            #expect(Forge.segments(jws)[0] == Forge.segments(try signer.sign(payload: Data(payload.utf8)))[0])
            #expect(Forge.segments(jws)[2].utf8.count == JWSSigner.encodedSignatureLength)
        }
        #expect(buffer.starts(with: Array("kept:".utf8)))
    }

    @Test func encodableValuesAreSignedAsJSON() throws {
        struct Payload: Codable, Equatable {
            var url: String
            var count: Int
        }
        let key = try P256PrivateKey.generate()
        let value = Payload(url: "https://example.com/a", count: 3)
        let parsed = try CompactJWS(parsing: try JWS.sign(value, key: key))
        #expect(try JSONDecoder().decode(Payload.self, from: parsed.payload) == value)
        #expect(String(decoding: parsed.payload, as: UTF8.self).contains("https://example.com/a"))
    }

    static let malformed: [(input: String, error: JWSError)] = [
        ("", .malformedCompactSerialization(segments: 1)),
        ("abc", .malformedCompactSerialization(segments: 1)),
        ("a.b", .malformedCompactSerialization(segments: 2)),
        ("a.b.c.d", .malformedCompactSerialization(segments: 4)),
        ("....", .malformedCompactSerialization(segments: 5)),
        ("a.e30.", .invalidBase64URL(.header, .invalidLength(1))),
        ("e30=.e30.", .invalidBase64URL(.header, .paddingNotAllowed)),
        ("e30.e3 0.", .invalidBase64URL(.payload, .invalidCharacter(offset: 2))),
        ("e30.e30.AA+A", .invalidBase64URL(.signature, .invalidCharacter(offset: 2))),
        ("..", .headerNotJSON("expected a value at byte 0")),
        ("WzFd.e30.", .headerNotJSON("the JSON value is not an object")),
        ("eyJhbGciOjF9.e30.", .invalidHeaderParameter("alg")),
        ("eyJ4NWMiOiJhIn0.e30.", .invalidHeaderParameter("x5c")),
        ("eyJ4NWMiOlsxXX0.e30.", .invalidHeaderParameter("x5c")),
    ]

    @Test("Malformed compact serialisations are rejected with specific errors", arguments: malformed)
    func rejectsMalformed(input: String, error: JWSError) {
        #expect(throws: error) { try CompactJWS(parsing: input) }
    }

    @Test func oversizedInputIsRejectedBeforeDecoding() {
        let input = String(repeating: "A", count: 2_000_001)
        #expect(throws: JWSError.inputTooLarge(byteCount: 2_000_001, limit: 1 << 20)) { try CompactJWS(parsing: input) }
    }
}
