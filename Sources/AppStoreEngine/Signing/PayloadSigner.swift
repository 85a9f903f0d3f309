import Dispatch
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

    /// Applies `transform` to every element, on up to ``concurrency`` threads when there are many.
    func parallelMap<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) throws(AppStoreEngineError) -> Output
    ) throws(AppStoreEngineError) -> [Output] {
        guard concurrency > 1, inputs.count >= 8 else {
            var outputs: [Output] = []
            outputs.reserveCapacity(inputs.count)
            for input in inputs { outputs.append(try transform(input)) }
            return outputs
        }
        let results = ResultSlots<Output>(count: inputs.count)
        let chunks = min(concurrency, inputs.count)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var index = chunk
            while index < inputs.count {
                do throws(AppStoreEngineError) {
                    results.store(.success(try transform(inputs[index])), at: index)
                } catch {
                    results.store(.failure(error), at: index)
                }
                index += chunks
            }
        }
        return try results.values()
    }
}
