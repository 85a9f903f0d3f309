import Foundation
import StoreModel

/// Where the authority's certificates send OCSP clients, and moving them elsewhere.
extension CertificateAuthority {
    /// The OCSP base URL the intermediate and leaf carry (their AIA URLs are `<base>/root` and
    /// `<base>/intermediate`); `nil` when they carry none or disagree.
    public var ocspBaseURL: String? {
        guard let intermediateURL = intermediate.ocspURLs.first, intermediateURL.hasSuffix("/root"),
            let leafURL = leaf.ocspURLs.first, leafURL.hasSuffix("/intermediate")
        else { return nil }
        let base = String(intermediateURL.dropLast("/root".count))
        return leafURL == base + "/intermediate" ? base : nil
    }

    /// The same root and keys with a new intermediate and leaf whose AIA points at `ocspBaseURL` (`nil`: no OCSP
    /// URL): same subjects and validity periods, fresh serial numbers.
    ///
    /// Verifiers that trust the root keep trusting everything signed before and after; payloads signed before
    /// carry the old certificates, and so the old OCSP URL.
    /// - Throws: ``CertificateAuthorityError/invalidConfiguration(_:)`` for a URL that is not http(s), or
    ///   ``CertificateAuthorityError/generationFailed(_:)``.
    public func reissuingSubordinates(ocspBaseURL: String?) throws(CertificateAuthorityError) -> CertificateAuthority {
        let urls = Configuration(ocspBaseURL: ocspBaseURL)
        let intermediateURL = try urls.ocspURL(issuedBy: "root")
        let leafURL = try urls.ocspURL(issuedBy: "intermediate")
        do {
            let newIntermediate = try Self.issueIntermediate(
                key: intermediateKey, root: root, rootKey: rootKey,
                validity: intermediate.notBefore...intermediate.notAfter, ocspURL: intermediateURL)
            let newLeaf = try Self.issueLeaf(
                key: leafKey, intermediate: newIntermediate, intermediateKey: intermediateKey,
                validity: leaf.notBefore...leaf.notAfter, ocspURL: leafURL)
            return try CertificateAuthority(
                root: root, intermediate: newIntermediate, leaf: newLeaf, rootKey: rootKey,
                intermediateKey: intermediateKey, leafKey: leafKey)
        } catch let error as CertificateAuthorityError {
            throw error
        } catch {
            throw .generationFailed(String(describing: error))
        }
    }

    /// Loads the authority saved under `stateDirectory/pki` (or generates and saves one with `configuration`) and
    /// makes its intermediate and leaf point at `ocspBaseURL`: when the saved ones point elsewhere they are
    /// re-issued with ``reissuingSubordinates(ocspBaseURL:)`` and saved in place (root and keys unchanged).
    ///
    /// An emulator whose OCSP URL contains its port calls this at every start: with a fixed port the certificates
    /// never change; with a port chosen at start they are re-issued whenever the port differs.
    /// - Throws: What ``loadOrCreate(in:configuration:)`` and ``reissuingSubordinates(ocspBaseURL:)`` throw, or
    ///   ``CertificateAuthorityError/fileSystem(path:operation:reason:)`` when saving fails.
    public static func loadOrCreate(
        in stateDirectory: URL, ocspBaseURL: String?, configuration: Configuration = .default
    ) throws(CertificateAuthorityError) -> CertificateAuthority {
        var generation = configuration
        generation.ocspBaseURL = ocspBaseURL
        let authority = try loadOrCreate(in: stateDirectory, configuration: generation)
        let urls = Configuration(ocspBaseURL: ocspBaseURL)
        let intermediateURLs = [try urls.ocspURL(issuedBy: "root")].compactMap { $0 }
        let leafURLs = [try urls.ocspURL(issuedBy: "intermediate")].compactMap { $0 }
        if authority.intermediate.ocspURLs == intermediateURLs && authority.leaf.ocspURLs == leafURLs { return authority }
        let reissued = try authority.reissuingSubordinates(ocspBaseURL: ocspBaseURL)
        let pki = stateDirectory.appendingPathComponent("pki", isDirectory: true)
        do throws(AtomicFile.Failure) {
            // The intermediate first: a crash in between leaves a leaf that still chains (same key and name) and
            // points at the old URL, which the next call re-issues.
            for (name, certificate) in [("intermediate", reissued.intermediate), ("leaf", reissued.leaf)] {
                try AtomicFile.write(
                    certificate.derRepresentation, to: pki.appendingPathComponent("\(name).der").path, mode: 0o644)
                try AtomicFile.write(
                    Data(certificate.pemRepresentation.utf8), to: pki.appendingPathComponent("\(name).pem").path, mode: 0o644)
            }
            AtomicFile.synchronizeDirectory(pki.path)
        } catch {
            throw .fileSystem(path: error.path, operation: error.operation, reason: error.reason)
        }
        return reissued
    }
}
