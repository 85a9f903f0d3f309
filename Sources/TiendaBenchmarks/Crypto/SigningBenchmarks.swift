import StoreCrypto

/// ES256 signing: OpenSSL's one-shot `EVP_DigestSign` (the reference) against Tienda's `JWSSigner`.
enum SigningBenchmarks {
    /// The reference and the two ways the emulator signs: pre-encoded payload bytes, and a value it encodes.
    static func workloads(fixtures: CryptoFixtures, reference: OpenSSLReference) -> [Workload] {
        let signer = fixtures.authority.signer
        let payload = fixtures.payload
        let transaction = fixtures.transaction
        let expectedLength = fixtures.jws.utf8.count
        return [
            Workload(
                id: WorkloadID.opensslSign, label: "OpenSSL EVP_DigestSign (reference)",
                detail: "SHA-256 + ECDSA over the \(reference.message.count)-byte signing input, DER output",
                kind: .inProcess { reference.sign() }),
            Workload(
                id: WorkloadID.jwsSignPayload, label: "JWSSigner.sign(payload:)",
                detail: "base64url of the \(payload.count)-byte payload, SHA-256, ECDSA, compact JWS string",
                kind: .inProcess {
                    let jws = try? signer.sign(payload: payload)
                    precondition(jws?.utf8.count == expectedLength, "JWSSigner.sign(payload:) failed")
                }),
            Workload(
                id: WorkloadID.jwsSignValue, label: "JWSSigner.sign(_:) (JSONEncoder included)",
                detail: "JSONEncoder of the transaction, then as sign(payload:)",
                kind: .inProcess {
                    let jws = try? signer.sign(transaction)
                    precondition(jws?.utf8.count == expectedLength, "JWSSigner.sign(_:) failed")
                }),
        ]
    }
}
