import Foundation
import StoreCrypto
import Testing

/// Pointing an authority's certificates at an OCSP responder, in memory and in a state directory.
@Suite struct CertificateAuthorityOCSPTests {
    @Test func reissuingMovesTheResponderURLAndKeepsTheRootAndKeys() throws {
        let original = TestPKI.authority
        #expect(original.ocspBaseURL == nil)
        let moved = try original.reissuingSubordinates(ocspBaseURL: "http://127.0.0.1:9000/ocsp/")
        #expect(moved.ocspBaseURL == "http://127.0.0.1:9000/ocsp")
        #expect(moved.intermediate.ocspURLs == ["http://127.0.0.1:9000/ocsp/root"])
        #expect(moved.leaf.ocspURLs == ["http://127.0.0.1:9000/ocsp/intermediate"])
        #expect(moved.root == original.root && moved.leafKey.publicKey == original.leafKey.publicKey)
        #expect(moved.intermediate.subject == original.intermediate.subject)
        #expect(moved.leaf.serialNumber != original.leaf.serialNumber)
        #expect(moved.leaf.notBefore == original.leaf.notBefore && moved.leaf.notAfter == original.leaf.notAfter)
        let store = try TrustStore(roots: [original.root])
        _ = try store.validate(leaf: moved.leaf, intermediates: [moved.intermediate], at: TestPKI.referenceTime, strict: true)
        // The old leaf still chains to the new intermediate: same name and key.
        _ = try store.validate(leaf: original.leaf, intermediates: [moved.intermediate], at: TestPKI.referenceTime, strict: true)
        let cleared = try moved.reissuingSubordinates(ocspBaseURL: nil)
        #expect(cleared.ocspBaseURL == nil && cleared.leaf.ocspURLs.isEmpty && cleared.intermediate.ocspURLs.isEmpty)
        #expect(throws: CertificateAuthorityError.self) { try original.reissuingSubordinates(ocspBaseURL: "file:///x") }
    }

    @Test func loadingForAResponderURLReissuesAndSavesOnlyWhenTheURLChanges() throws {
        let state = FileManager.default.temporaryDirectory
            .appendingPathComponent("tienda-ca-ocsp-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let first = try CertificateAuthority.loadOrCreate(in: state, ocspBaseURL: "http://127.0.0.1:8000/ocsp")
        #expect(first.ocspBaseURL == "http://127.0.0.1:8000/ocsp")
        let again = try CertificateAuthority.loadOrCreate(in: state, ocspBaseURL: "http://127.0.0.1:8000/ocsp")
        #expect(again.leaf == first.leaf && again.intermediate == first.intermediate)
        let moved = try CertificateAuthority.loadOrCreate(in: state, ocspBaseURL: "http://127.0.0.1:8001/ocsp")
        #expect(moved.ocspBaseURL == "http://127.0.0.1:8001/ocsp" && moved.root == first.root && moved.leaf != first.leaf)
        let reloaded = try CertificateAuthority.loadOrCreate(in: state)
        #expect(reloaded.leaf == moved.leaf && reloaded.intermediate == moved.intermediate)
        let pem = try String(contentsOf: state.appendingPathComponent("pki/leaf.pem"), encoding: .utf8)
        #expect(pem == moved.leaf.pemRepresentation)
        let withoutOCSP = try CertificateAuthority.loadOrCreate(in: state, ocspBaseURL: nil)
        #expect(withoutOCSP.ocspBaseURL == nil && withoutOCSP.leafKey.publicKey == first.leafKey.publicKey)
    }
}
