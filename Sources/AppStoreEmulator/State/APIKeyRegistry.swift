import Foundation
import StoreCrypto

/// The API keys the App Store Server API accepts, kept in `DIR/emulator/api-keys.json`. On first start the
/// emulator creates one key and writes its private half to `DIR/api-keys/SubscriptionKey_<KEYID>.p8`, the name
/// App Store Connect gives downloaded keys.
public struct APIKeyRegistry: Sendable {
    /// The keys, oldest first; the first is the one `tienda serve` prints.
    public let keys: [APIKey]
    private let publicKeys: [String: P256PublicKey]

    /// A registry of these keys.
    /// - Throws: ``EmulatorError/corruptState(file:reason:)`` when a public key is not a P-256 PEM.
    public init(keys: [APIKey]) throws(EmulatorError) {
        var publicKeys: [String: P256PublicKey] = [:]
        for key in keys {
            do {
                publicKeys[key.keyId] = try P256PublicKey(pemRepresentation: key.publicKeyPEM)
            } catch {
                throw .corruptState(file: "api-keys.json", reason: "key \(key.keyId) is not a P-256 public key (\(error))")
            }
        }
        self.keys = keys
        self.publicKeys = publicKeys
    }

    /// The key with this ID and its public key.
    func key(id: String) -> (APIKey, P256PublicKey)? {
        guard let publicKey = publicKeys[id], let key = keys.first(where: { $0.keyId == id }) else { return nil }
        return (key, publicKey)
    }

    /// Loads the registry of a state directory, creating the first key when there is none.
    public static func loadOrCreate(in stateDirectory: URL) throws(EmulatorError) -> APIKeyRegistry {
        let file = JSONStateFile<[APIKey]>(url: stateDirectory.appendingPathComponent("emulator/api-keys.json"))
        if let keys = try file.load(), !keys.isEmpty { return try APIKeyRegistry(keys: keys) }
        let key = try createKey(in: stateDirectory)
        try file.save([key])
        return try APIKeyRegistry(keys: [key])
    }

    private static func createKey(in stateDirectory: URL) throws(EmulatorError) -> APIKey {
        let keyId = APIKey.makeKeyId()
        let folder = stateDirectory.appendingPathComponent("api-keys", isDirectory: true)
        let file = folder.appendingPathComponent("SubscriptionKey_\(keyId).p8")
        do {
            let privateKey = try P256PrivateKey.generate()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(privateKey.pemRepresentation.utf8).write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            return APIKey(
                keyId: keyId, issuerId: UUID().uuidString.lowercased(),
                publicKeyPEM: privateKey.publicKey.pemRepresentation,
                privateKeyFile: "api-keys/SubscriptionKey_\(keyId).p8")
        } catch {
            throw .stateNotWritable(file: file.path, reason: "\(error)")
        }
    }
}
