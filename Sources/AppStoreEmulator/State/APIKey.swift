import Foundation
import StoreCrypto

/// An App Store Connect In-App Purchase API key the emulator accepts bearer tokens from: the key ID (`kid`),
/// the issuer ID (`iss`) and the public half of the ES256 key. The private half lives in a `.p8` file next to
/// the state, for clients to sign with.
public struct APIKey: Hashable, Sendable, Codable {
    /// The key ID, ten upper-case letters and digits like Apple's (`2X9R4HXF34`).
    public var keyId: String
    /// The issuer ID, a lowercase UUID like Apple's.
    public var issuerId: String
    /// The public key as PEM (SubjectPublicKeyInfo).
    public var publicKeyPEM: String
    /// The `.p8` file with the private key (PKCS#8 PEM), relative to the state directory, when the emulator
    /// created it.
    public var privateKeyFile: String?

    /// Creates a key record.
    public init(keyId: String, issuerId: String, publicKeyPEM: String, privateKeyFile: String? = nil) {
        self.keyId = keyId
        self.issuerId = issuerId
        self.publicKeyPEM = publicKeyPEM
        self.privateKeyFile = privateKeyFile
    }

    /// A new key ID: ten characters from Apple's alphabet of upper-case letters and digits.
    static func makeKeyId() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
