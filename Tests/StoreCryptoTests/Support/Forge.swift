import Foundation
import StoreCrypto

/// Builds compact JWS by hand, including malformed ones: raw header and payload text, any signature bytes.
enum Forge {
    /// How the third segment is made.
    enum Signature {
        /// ES256 `r ‖ s` over the signing input with this key.
        case es256(P256PrivateKey)
        /// The DER form of a valid ES256 signature.
        case der(P256PrivateKey)
        /// These bytes.
        case bytes(Data)
    }

    /// `base64url(header).base64url(payload).base64url(signature)`.
    static func jws(header: String, payload: String, signature: Signature) throws -> String {
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(payload.utf8))
        let bytes: Data =
            switch signature {
            case .es256(let key): try key.signature(for: Data(signingInput.utf8)).rawRepresentation
            case .der(let key): try key.derSignature(for: Data(signingInput.utf8))
            case .bytes(let bytes): bytes
            }
        return signingInput + "." + Base64URL.encode(bytes)
    }

    /// A header `{"alg":…,"x5c":[…]}` as JSON text; `nil` leaves the parameter out.
    static func header(alg: String? = "ES256", x5c: [String]?) -> String {
        var members: [String] = []
        if let alg { members.append(#""alg":"\#(alg)""#) }
        if let x5c { members.append(#""x5c":[\#(x5c.map { "\"\($0)\"" }.joined(separator: ","))]"#) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Splits a compact JWS into its three segments.
    static func segments(_ jws: String) -> [String] {
        jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
