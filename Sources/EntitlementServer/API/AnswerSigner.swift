import Foundation
import StoreCrypto
import StoreModel

/// Signs entitlement answers as compact ES256 JWS with the server's own key, so an app can check an answer came
/// from its backend unaltered; the public key is published at `GET /v1/signing-key`.
struct AnswerSigner: Sendable {
    /// The key identifier: the first 16 hex digits of the SHA-256 of the public key's DER.
    let keyId: String
    let publicKey: P256PublicKey
    private let signer: JWSSigner

    init(pem: String) throws {
        let key = try P256PrivateKey(pemRepresentation: pem)
        publicKey = key.publicKey
        keyId = String(SHA256.hash(key.publicKey.derRepresentation).description.prefix(16))
        signer = JWSSigner(key: key, header: JWSHeader(kid: keyId, typ: "JWT"))
    }

    /// The signed payload: the answer and the instant it was signed.
    struct SignedAnswer: Encodable {
        var entitlements: AccountEntitlements
        var signedDate: Int64
    }

    func sign(_ answer: AccountEntitlements, at instant: Timestamp) throws -> String {
        try signer.sign(SignedAnswer(entitlements: answer, signedDate: instant.milliseconds), encoder: AppleJSON.encoder(sortedKeys: true))
    }

    /// The public key as PEM and as a JWK (`kty` EC, `crv` P-256, `x`, `y`, `kid`, `alg` ES256, `use` sig).
    var publication: [String: String] {
        let point = publicKey.derRepresentation.suffix(64)
        return [
            "kid": keyId, "pem": publicKey.pemRepresentation, "kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig",
            "x": Base64URL.encode(point.prefix(32)), "y": Base64URL.encode(point.suffix(32)),
        ]
    }
}
