import Foundation
import StoreCrypto
import StoreModel

/// Signs the engine's payloads with the authority's leaf key, and remembers the header segment every JWS
/// starts with (stored once, referenced by ``headerId``).
struct PayloadSigner: Sendable {
    /// The signer of the authority.
    let signer: JWSSigner
    /// The base64url header segment of every JWS this signer produces.
    let header: String
    /// The header's row in `signing_headers`.
    var headerId: Int64 = 0
    /// How many threads sign in parallel.
    let concurrency: Int

    init(signer: JWSSigner, concurrency: Int) throws(AppStoreEngineError) {
        self.signer = signer
        self.concurrency = concurrency
        let probe: String
        do {
            probe = try signer.sign(payload: Data("{}".utf8))
        } catch {
            throw .signing(String(describing: error))
        }
        header = String(probe.prefix { $0 != "." })
    }

    /// The compact JWS of a JSON payload.
    func sign(_ json: [UInt8]) throws(AppStoreEngineError) -> String {
        do {
            return try signer.sign(payload: Data(json))
        } catch {
            throw .signing(String(describing: error))
        }
    }

    /// A JWS's signature segment.
    static func signatureSegment(of jws: String) -> String {
        guard let dot = jws.lastIndex(of: ".") else { return "" }
        return String(jws[jws.index(after: dot)...])
    }
}
