/// Why a certificate authority could not be created, saved or loaded.
public enum CertificateAuthorityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration cannot produce a valid chain; the string says which setting.
    case invalidConfiguration(String)
    /// Minting the keys or certificates failed.
    case generationFailed(String)
    /// A file of the saved authority cannot be parsed or does not match the others.
    case corruptedFile(path: String, reason: String, pkiDirectory: String)
    /// The saved authority lacks some of its files.
    case incompleteDirectory(pkiDirectory: String, missingFiles: [String])
    /// Reading or writing the file system failed.
    case fileSystem(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .invalidConfiguration(let detail): "Invalid certificate authority configuration: \(detail)."
        case .generationFailed(let detail): "Could not generate the certificate authority: \(detail)"
        case .corruptedFile(let path, let reason, let directory):
            "The certificate authority file \(path) is corrupted (\(reason)). Delete the pki folder \(directory) "
                + "to generate a new authority; verifiers that trusted the old root must then be given the new root."
        case .incompleteDirectory(let directory, let missing):
            "The certificate authority in \(directory) is incomplete: missing \(missing.joined(separator: ", ")). "
                + "Delete the pki folder \(directory) to generate a new authority."
        case .fileSystem(let path, let operation, let reason): "Could not \(operation) \(path): \(reason)."
        }
    }
}
