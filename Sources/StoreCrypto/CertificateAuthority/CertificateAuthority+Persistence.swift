import Foundation

extension CertificateAuthority {
    /// The files of a saved authority, relative to its `pki` folder.
    enum StoredFile {
        /// The DER certificates and PEM private keys that ``loadOrCreate(in:configuration:)`` reads back.
        static let required = [
            "root.der", "intermediate.der", "leaf.der", "root-key.pem", "intermediate-key.pem", "leaf-key.pem",
        ]
        /// PEM copies of the certificates, written for people and tools; never read back.
        static let copies = ["root.pem", "intermediate.pem", "leaf.pem"]
    }

    /// Loads the authority saved under `stateDirectory/pki`, or generates one and saves it there.
    ///
    /// The folder is created with mode 0700 and private keys are written with mode 0600; every file is written to
    /// a temporary name, flushed and renamed, and the whole folder is assembled under a temporary name and
    /// renamed into place, so a crash never leaves a half-written authority. A second call returns the same
    /// certificates and keys. `configuration` applies only when a new authority is generated.
    ///
    /// Files: `pki/root.der`, `pki/intermediate.der`, `pki/leaf.der` (and `.pem` copies), `pki/root-key.pem`,
    /// `pki/intermediate-key.pem`, `pki/leaf-key.pem` (PKCS#8).
    /// - Throws: ``CertificateAuthorityError/corruptedFile(path:reason:pkiDirectory:)`` or
    ///   ``CertificateAuthorityError/incompleteDirectory(pkiDirectory:missingFiles:)`` naming what to delete,
    ///   ``CertificateAuthorityError/fileSystem(path:operation:reason:)``, or a generation error.
    public static func loadOrCreate(in stateDirectory: URL, configuration: Configuration = .default)
        throws(CertificateAuthorityError) -> CertificateAuthority
    {
        let pki = stateDirectory.appendingPathComponent("pki", isDirectory: true)
        if missingFiles(in: pki).count < StoredFile.required.count {
            return try load(from: pki)
        }
        let authority = try generate(configuration: configuration)
        let installed: Bool
        do throws(AtomicFile.Failure) {
            try createParents(of: stateDirectory)
            installed = try authority.install(at: pki)
        } catch {
            throw .fileSystem(path: error.path, operation: error.operation, reason: error.reason)
        }
        // When another process saved an authority first, use that one so that every process signs alike.
        return installed ? authority : try load(from: pki)
    }

    private static func missingFiles(in pki: URL) -> [String] {
        StoredFile.required.filter { !FileManager.default.fileExists(atPath: pki.appendingPathComponent($0).path) }
    }

    private static func createParents(of directory: URL) throws(AtomicFile.Failure) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AtomicFile.Failure(path: directory.path, operation: "create directory", reason: "\(error)")
        }
    }

    /// Writes every file into a fresh hidden folder, then renames it to `pki`.
    /// - Returns: `false` when `pki` appeared meanwhile (the staged copy is discarded).
    private func install(at pki: URL) throws(AtomicFile.Failure) -> Bool {
        let parent = pki.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".pki-\(UInt64.random(in: 0...UInt64.max))", isDirectory: true)
        try AtomicFile.makeDirectory(staging.path, mode: 0o700)
        let files: [(String, Data, mode_t)] = [
            ("root.der", root.derRepresentation, 0o644),
            ("intermediate.der", intermediate.derRepresentation, 0o644),
            ("leaf.der", leaf.derRepresentation, 0o644),
            ("root.pem", Data(root.pemRepresentation.utf8), 0o644),
            ("intermediate.pem", Data(intermediate.pemRepresentation.utf8), 0o644),
            ("leaf.pem", Data(leaf.pemRepresentation.utf8), 0o644),
            ("root-key.pem", Data(rootKey.pemRepresentation.utf8), 0o600),
            ("intermediate-key.pem", Data(intermediateKey.pemRepresentation.utf8), 0o600),
            ("leaf-key.pem", Data(leafKey.pemRepresentation.utf8), 0o600),
        ]
        do throws(AtomicFile.Failure) {
            for (name, data, mode) in files {
                try AtomicFile.write(data, to: staging.appendingPathComponent(name).path, mode: mode)
            }
            AtomicFile.synchronizeDirectory(staging.path)
            if rename(staging.path, pki.path) != 0 {
                let errorNumber = errno
                guard errorNumber == EEXIST || errorNumber == ENOTEMPTY else {
                    throw AtomicFile.Failure(path: pki.path, operation: "rename into place", errorNumber: errorNumber)
                }
                try? FileManager.default.removeItem(at: staging)
                return false
            }
            AtomicFile.synchronizeDirectory(parent.path)
            return true
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    private static func load(from pki: URL) throws(CertificateAuthorityError) -> CertificateAuthority {
        let missing = missingFiles(in: pki)
        guard missing.isEmpty else { throw .incompleteDirectory(pkiDirectory: pki.path, missingFiles: missing) }
        func read(_ name: String) throws(CertificateAuthorityError) -> (path: String, data: Data) {
            let url = pki.appendingPathComponent(name)
            do {
                return (url.path, try Data(contentsOf: url))
            } catch {
                throw .fileSystem(path: url.path, operation: "read", reason: error.localizedDescription)
            }
        }
        func certificate(_ name: String) throws(CertificateAuthorityError) -> Certificate {
            let file = try read(name)
            do {
                return try Certificate(derRepresentation: file.data)
            } catch {
                throw .corruptedFile(path: file.path, reason: error.description, pkiDirectory: pki.path)
            }
        }
        func key(_ name: String, for certificate: Certificate) throws(CertificateAuthorityError) -> P256PrivateKey {
            let file = try read(name)
            let key: P256PrivateKey
            do {
                key = try P256PrivateKey(pemRepresentation: String(decoding: file.data, as: UTF8.self))
            } catch {
                throw .corruptedFile(path: file.path, reason: error.description, pkiDirectory: pki.path)
            }
            guard (try? certificate.p256PublicKey()) == key.publicKey else {
                throw .corruptedFile(
                    path: file.path, reason: "the key does not match the certificate \(certificate.subject)",
                    pkiDirectory: pki.path)
            }
            return key
        }
        let root = try certificate("root.der")
        let intermediate = try certificate("intermediate.der")
        let leaf = try certificate("leaf.der")
        return try CertificateAuthority(
            root: root, intermediate: intermediate, leaf: leaf, rootKey: try key("root-key.pem", for: root),
            intermediateKey: try key("intermediate-key.pem", for: intermediate), leafKey: try key("leaf-key.pem", for: leaf))
    }
}
