import Foundation
import StoreCrypto
import StoreModel

/// The bearer token App Store Server API requests carry, shaped like Apple's client's: ES256 with header
/// `{"alg":"ES256","kid":…,"typ":"JWT"}` and claims `iss`, `iat`, `exp` (5 minutes later; Apple allows at most an
/// hour), `aud: "appstoreconnect-v1"` and `bid`.
struct ServerAPIToken: Sendable {
    struct Claims: Codable, Sendable {
        var iss: String
        var iat: Int64
        var exp: Int64
        var aud: String
        var bid: String
    }

    /// How long a token is valid.
    static let lifetimeSeconds: Int64 = 300

    private let signer: JWSSigner
    private let issuerId: String
    private let bundleId: String

    init(configuration: ServerAPIConfiguration, bundleId: String) throws {
        signer = JWSSigner(
            key: try P256PrivateKey(pemRepresentation: configuration.privateKeyPEM), header: JWSHeader(kid: configuration.keyId, typ: "JWT"))
        issuerId = configuration.issuerId
        self.bundleId = bundleId
    }

    /// A token issued at `now`.
    func make(at now: Timestamp) throws -> String {
        let seconds = now.milliseconds / 1000
        return try signer.sign(
            Claims(iss: issuerId, iat: seconds, exp: seconds + Self.lifetimeSeconds, aud: "appstoreconnect-v1", bid: bundleId))
    }
}
