import Foundation
import StoreCrypto
import Testing

@Suite struct ES256SignatureTests {
    @Test func signatureVerifiesWithTheSameKeyOnly() throws {
        let key = try P256PrivateKey.generate()
        let message = Data("hello".utf8)
        let signature = try key.signature(for: message)
        #expect(signature.rawRepresentation.count == 64)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("hellO".utf8)))
        #expect(!(try P256PrivateKey.generate()).publicKey.isValidSignature(signature, for: message))
    }

    @Test func rawSignatureIsAcceptedByOpenSSLsOwnEVPVerification() throws {
        let key = try P256PrivateKey.generate()
        for length in [0, 1, 63, 64, 65, 1000] {
            let message = Data((0..<length).map { UInt8(truncatingIfNeeded: $0) })
            let raw = try key.signature(for: message).rawRepresentation
            let der = IndependentOpenSSL.derFromRaw(raw)
            #expect(IndependentOpenSSL.verifyDER(der, message: message, subjectPublicKeyInfo: key.publicKey.derRepresentation))
        }
    }

    @Test func rawToDERConversionMatchesOpenSSLsEncoder() throws {
        let key = try P256PrivateKey.generate()
        for index in 0..<64 {
            let signature = try key.signature(for: Data([UInt8(index)]))
            #expect(signature.derRepresentation == IndependentOpenSSL.derFromRaw(signature.rawRepresentation))
            #expect(try ES256Signature(derRepresentation: signature.derRepresentation) == signature)
        }
    }

    @Test func smallIntegersEncodeMinimallyAndHighBitsGetALeadingZero() throws {
        var raw = Data(count: 64)
        raw[31] = 1
        raw[32] = 0x80
        let signature = try ES256Signature(rawRepresentation: raw)
        let expected = Data([0x30, 0x26, 0x02, 0x01, 0x01, 0x02, 0x21, 0x00, 0x80] + [UInt8](repeating: 0, count: 31))
        #expect(signature.derRepresentation == expected)
        #expect(signature.derRepresentation == IndependentOpenSSL.derFromRaw(raw))
        #expect(try ES256Signature(derRepresentation: expected).rawRepresentation == raw)
    }

    @Test("Raw signatures must have exactly 64 bytes", arguments: [0, 1, 32, 63, 65, 72, 128])
    func rawSignaturesOfOtherLengthsAreRejected(length: Int) throws {
        let key = try P256PrivateKey.generate()
        #expect(throws: CryptoError.self) { try ES256Signature(rawRepresentation: Data(count: length)) }
        #expect(!key.publicKey.isValidRawSignature(Data(count: length), for: Data()))
    }

    @Test func derSignatureHelpersInteroperate() throws {
        let key = try P256PrivateKey.generate()
        let message = Data("com.example\u{2063}KEYID\u{2063}product\u{2063}offer".utf8)
        let der = try key.derSignature(for: message)
        #expect(key.publicKey.isValidDERSignature(der, for: message))
        #expect(IndependentOpenSSL.verifyDER(der, message: message, subjectPublicKeyInfo: key.publicKey.derRepresentation))
        #expect(!key.publicKey.isValidDERSignature(der, for: message + Data([0])))
        #expect(!key.publicKey.isValidDERSignature(Data(), for: message))
    }

    @Test func nonCanonicalDERIsRejected() throws {
        let key = try P256PrivateKey.generate()
        let der = try key.derSignature(for: Data("x".utf8))
        // Long-form length octets spell the same SEQUENCE in BER but not in DER.
        let longForm = Data([0x30, 0x81, der[1]]) + der.dropFirst(2)
        #expect(throws: CryptoError.self) { try ES256Signature(derRepresentation: longForm) }
        #expect(throws: CryptoError.self) { try ES256Signature(derRepresentation: der + Data([0x00])) }
        #expect(throws: CryptoError.self) { try ES256Signature(derRepresentation: Data([0x30, 0x00])) }
        #expect(!key.publicKey.isValidDERSignature(longForm, for: Data("x".utf8)))
    }
}
