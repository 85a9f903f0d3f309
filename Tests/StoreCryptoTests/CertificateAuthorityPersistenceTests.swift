import Foundation
import StoreCrypto
import Testing

@Suite struct CertificateAuthorityPersistenceTests {
    /// A fresh state directory under the system temporary directory, removed after `body`.
    private func withStateDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tienda-ca-tests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    private func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func secondLoadReturnsTheSameAuthority() throws {
        try withStateDirectory { state in
            let first = try CertificateAuthority.loadOrCreate(in: state)
            let second = try CertificateAuthority.loadOrCreate(in: state)
            #expect(first.root == second.root)
            #expect(first.intermediate == second.intermediate)
            #expect(first.leaf == second.leaf)
            #expect(first.leafKey.publicKey == second.leafKey.publicKey)
            #expect(first.x5c == second.x5c)
            let pki = state.appendingPathComponent("pki")
            #expect(try Data(contentsOf: pki.appendingPathComponent("root.der")) == first.root.derRepresentation)
            #expect(
                try String(contentsOf: pki.appendingPathComponent("leaf.pem"), encoding: .utf8)
                    == first.leaf.pemRepresentation)
        }
    }

    @Test func keysAreWrittenOwnerOnlyInAnOwnerOnlyFolder() throws {
        try withStateDirectory { state in
            _ = try CertificateAuthority.loadOrCreate(in: state)
            let pki = state.appendingPathComponent("pki")
            #expect(try mode(of: pki) == 0o700)
            for name in ["root-key.pem", "intermediate-key.pem", "leaf-key.pem"] {
                #expect(try mode(of: pki.appendingPathComponent(name)) == 0o600)
            }
            #expect(try mode(of: pki.appendingPathComponent("root.der")) == 0o644)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0 != "pki" }
            #expect(leftovers.isEmpty)
            let names = try FileManager.default.contentsOfDirectory(atPath: pki.path).sorted()
            #expect(names == [
                "intermediate-key.pem", "intermediate.der", "intermediate.pem", "leaf-key.pem", "leaf.der", "leaf.pem",
                "root-key.pem", "root.der", "root.pem",
            ])
        }
    }

    @Test("A corrupted file is reported by name with how to fix it", arguments: ["leaf.der", "intermediate-key.pem"])
    func corruptedFileGivesAClearError(name: String) throws {
        try withStateDirectory { state in
            _ = try CertificateAuthority.loadOrCreate(in: state)
            let file = state.appendingPathComponent("pki").appendingPathComponent(name)
            try Data("garbage".utf8).write(to: file)
            do {
                _ = try CertificateAuthority.loadOrCreate(in: state)
                Issue.record("a corrupted \(name) was accepted")
            } catch let error as CertificateAuthorityError {
                guard case .corruptedFile(let path, _, _) = error else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(path.hasSuffix("pki/\(name)"))
                #expect(error.description.contains("Delete the pki folder"))
            }
            catch {
                Issue.record("unexpected error type \(error)")
            }
        }
    }

    @Test func swappedKeyIsReportedAsNotMatchingItsCertificate() throws {
        try withStateDirectory { state in
            _ = try CertificateAuthority.loadOrCreate(in: state)
            let pki = state.appendingPathComponent("pki")
            try FileManager.default.removeItem(at: pki.appendingPathComponent("leaf-key.pem"))
            try FileManager.default.copyItem(
                at: pki.appendingPathComponent("root-key.pem"), to: pki.appendingPathComponent("leaf-key.pem"))
            #expect {
                _ = try CertificateAuthority.loadOrCreate(in: state)
            } throws: { error in
                "\(error)".contains("leaf-key.pem") && "\(error)".contains("does not match")
            }
        }
    }

    @Test func missingFileIsReportedAsAnIncompleteAuthority() throws {
        try withStateDirectory { state in
            _ = try CertificateAuthority.loadOrCreate(in: state)
            let pki = state.appendingPathComponent("pki")
            try FileManager.default.removeItem(at: pki.appendingPathComponent("root.der"))
            #expect(throws: CertificateAuthorityError.incompleteDirectory(pkiDirectory: pki.path, missingFiles: ["root.der"])) {
                try CertificateAuthority.loadOrCreate(in: state)
            }
        }
    }

    @Test func deletingThePKIFolderRegeneratesANewAuthority() throws {
        try withStateDirectory { state in
            let first = try CertificateAuthority.loadOrCreate(in: state)
            try FileManager.default.removeItem(at: state.appendingPathComponent("pki"))
            let second = try CertificateAuthority.loadOrCreate(in: state)
            #expect(first.root != second.root)
        }
    }

    @Test func concurrentFirstLoadsAgreeOnOneAuthority() async throws {
        let state = FileManager.default.temporaryDirectory
            .appendingPathComponent("tienda-ca-tests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let roots = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<4 {
                group.addTask { try CertificateAuthority.loadOrCreate(in: state).root.derRepresentation }
            }
            return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
        }
        #expect(roots.count == 1)
    }
}
