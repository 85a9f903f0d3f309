import Foundation
import StoreCrypto
import StoreModel

/// Apple's vectors and the payloads the interop tests sign.
enum InteropFixtures {
    /// `Tests/Fixtures/apple-vectors`.
    static let appleVectors = AppleOracle.packageRoot.appendingPathComponent("Tests/Fixtures/apple-vectors")

    /// The bytes of a file under `apple-vectors`.
    static func vector(_ path: String) throws -> Data {
        try Data(contentsOf: appleVectors.appendingPathComponent(path))
    }

    /// The text of a file under `apple-vectors`, trimmed.
    static func vectorText(_ path: String) throws -> String {
        String(decoding: try vector(path), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// One authority for the whole run, as the emulator has one per state directory.
    static let authority: CertificateAuthority = {
        do {
            return try CertificateAuthority.generate()
        } catch {
            fatalError("the test certificate authority could not be generated: \(error)")
        }
    }()

    /// Decodes one of Apple's model files into our model.
    static func model<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        try AppleJSON.decoder().decode(T.self, from: try vector("models/\(name)"))
    }
}
