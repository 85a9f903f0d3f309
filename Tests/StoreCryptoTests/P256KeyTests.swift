import COpenSSL
import Foundation
import StoreCrypto
import Testing

@Suite struct P256KeyTests {
    @Test func generatedKeysAreDistinctAndExposeTheirPublicKey() throws {
        let first = try P256PrivateKey.generate()
        let second = try P256PrivateKey.generate()
        #expect(first.publicKey != second.publicKey)
        #expect(first.publicKey.derRepresentation.count == 91)
    }

    @Test func privateKeyRoundTripsThroughPKCS8DERAndPEM() throws {
        let key = try P256PrivateKey.generate()
        let fromDER = try P256PrivateKey(pkcs8DERRepresentation: key.pkcs8DERRepresentation)
        let fromPEM = try P256PrivateKey(pemRepresentation: key.pemRepresentation)
        #expect(fromDER.publicKey == key.publicKey)
        #expect(fromPEM.publicKey == key.publicKey)
        #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(key.pemRepresentation.hasSuffix("-----END PRIVATE KEY-----\n"))
    }

    @Test func publicKeyRoundTripsThroughSPKIDERAndPEM() throws {
        let key = try P256PrivateKey.generate().publicKey
        #expect(try P256PublicKey(derRepresentation: key.derRepresentation) == key)
        #expect(try P256PublicKey(pemRepresentation: key.pemRepresentation) == key)
        #expect(key.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
    }

    @Test func importsApplesTestSigningKey() throws {
        let key = try P256PrivateKey(pemRepresentation: try Fixtures.text("certs/testSigningKey.p8"))
        let message = Data("promotional offer".utf8)
        #expect(key.publicKey.isValidSignature(try key.signature(for: message), for: message))
    }

    @Test func publicKeyFromCertificateMatchesApplesLeafPublicKey() throws {
        let leaf = try Certificate(derRepresentation: try Fixtures.data("chain/leaf.der"))
        let expected = try P256PublicKey(pemRepresentation: try Fixtures.text("chain/leaf-public-key.pem"))
        #expect(try leaf.p256PublicKey() == expected)
    }

    @Test func rejectsKeysOnOtherCurves() throws {
        #expect(throws: CryptoError.unsupportedKey("an EC key on secp384r1")) {
            try P256PrivateKey(pkcs8DERRepresentation: TestPKI.foreignCurvePrivateKeyPKCS8())
        }
        #expect(throws: CryptoError.unsupportedKey("an EC key on secp256k1")) {
            try P256PublicKey(derRepresentation: TestPKI.foreignCurvePublicKey(nid: NID_secp256k1))
        }
        let appleRoot = try Certificate(derRepresentation: AppleRootCertificates.appleRootCAG3)
        #expect(!appleRoot.hasP256PublicKey)
        #expect(throws: CertificateError.self) { try appleRoot.p256PublicKey() }
    }

    static let malformedPEM: [String] = [
        "",
        "-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n",
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        "-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----\n",
        "garbage before\n-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    ]

    @Test("Malformed PEM private keys are rejected with a typed error", arguments: malformedPEM)
    func rejectsMalformedPrivateKeyPEM(text: String) {
        #expect(throws: CryptoError.self) { try P256PrivateKey(pemRepresentation: text) }
    }

    @Test func rejectsDERWithTrailingBytesOrGarbage() throws {
        let key = try P256PrivateKey.generate()
        #expect(throws: CryptoError.invalidKeyEncoding("not a DER PKCS#8 PrivateKeyInfo")) {
            try P256PrivateKey(pkcs8DERRepresentation: key.pkcs8DERRepresentation + Data([0]))
        }
        #expect(throws: CryptoError.invalidKeyEncoding("not a DER SubjectPublicKeyInfo")) {
            try P256PublicKey(derRepresentation: Data("garbage".utf8))
        }
        #expect(throws: CryptoError.invalidKeyEncoding("not a DER SubjectPublicKeyInfo")) {
            try P256PublicKey(derRepresentation: Data())
        }
    }

    @Test func sha256MatchesTheFIPSVector() {
        #expect(
            SHA256.hash(Data("abc".utf8)).description
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hash(Data()).description == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
