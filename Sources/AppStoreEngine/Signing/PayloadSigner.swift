import Foundation
import StoreCrypto
import StoreModel

/// Signs the engine's payloads with the authority's leaf key, and remembers the header segment every JWS
/// starts with (stored once, referenced by ``headerId``).
///
/// It holds one signer for the calling thread and one per signing lane, each over its own copy of the key, so
/// that threads signing in parallel never contend for one key's OpenSSL contexts.
struct PayloadSigner: Sendable {
    /// The signer of the thread an operation runs on, boxed as the lanes' are.
    let signer: SignerBox
    /// One signer per lane, each in a box of its own: reading a lane's signer out of the array copies only the box's
    /// reference, where a copy of the signer retains its key and each part of its header.
    let signers: [SignerBox]
    /// The base64url header segment of every JWS this signer produces.
    let header: String
    /// ``header`` as UTF-8 bytes.
    let headerBytes: [UInt8]
    /// The header's row in `signing_headers`.
    var headerId: Int64 = 0

    /// How many lanes sign in parallel.
    var concurrency: Int { signers.count }

    init(signer: JWSSigner, concurrency: Int) throws(AppStoreEngineError) {
        var signers: [SignerBox] = []
        do {
            let der = signer.key.pkcs8DERRepresentation
            for _ in 0..<max(1, concurrency) {
                signers.append(SignerBox(
                    signer: JWSSigner(key: try P256PrivateKey(pkcs8DERRepresentation: der), header: signer.header)))
            }
        } catch {
            throw .signing("could not copy the signing key: \(error)")
        }
        self.signer = SignerBox(signer: signer)
        self.signers = signers
        let probe: String
        do {
            probe = try signer.sign(payload: Data("{}".utf8))
        } catch {
            throw .signing(String(describing: error))
        }
        header = String(decoding: probe.utf8.prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self)
        headerBytes = Array(header.utf8)
    }

    /// The compact JWS of a JSON payload, signed by `lane`'s signer (the calling thread's when `nil`).
    func sign(_ json: [UInt8], lane: Int? = nil) throws(AppStoreEngineError) -> String {
        do {
            return try (lane.map { signers[$0] } ?? signer).signer.sign(payload: Data(json))
        } catch {
            throw .signing(String(describing: error))
        }
    }

    /// Appends the compact JWS of a JSON payload to `output`, signed by `lane`'s signer (the calling thread's
    /// when `nil`): no string or `Data` per signature, for a signing lane that keeps its buffers.
    /// - Returns: Where the JWS starts in `output`.
    @discardableResult
    func sign(_ json: [UInt8], lane: Int?, appendingTo output: inout [UInt8]) throws(AppStoreEngineError) -> Int {
        do {
            // The closure captures the signer's box, never a signer (a signer captured is a signer copied: its key
            // and each part of its header retained, then released) nor `self` (which copied the whole
            // `PayloadSigner`).
            let box = lane.map { signers[$0] } ?? signer
            return try json.withUnsafeBytes { payload throws(JWSSigningError) in
                try box.signer.sign(payload: payload, appendingTo: &output)
            }
        } catch {
            throw .signing(String(describing: error))
        }
    }

    /// A JWS's signature segment.
    static func signatureSegment(of jws: String) -> String {
        let utf8 = jws.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return "" }
        return String(decoding: utf8[utf8.index(after: dot)...], as: UTF8.self)
    }
}

/// A signer in a box of its own (a lane's, or the calling thread's), so that reaching it copies one reference.
final class SignerBox: Sendable {
    let signer: JWSSigner

    init(signer: JWSSigner) {
        self.signer = signer
    }
}
