import StoreModel

/// Why a ``SignedDataVerifier`` cannot be created.
public enum VerifierConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Production verification needs the app Apple ID (Apple: `ConfigurationError.INVALID_APP_APPLE_ID`).
    case missingAppAppleIdForProduction
    /// A verifier that checks signatures needs at least one trusted root.
    case noRootCertificates
    /// A trusted root is not a DER certificate (index in the list given).
    case invalidRootCertificate(index: Int)
    /// Xcode and LocalTesting data is decoded without any signature check; that needs
    /// `decodeOnlyEnvironmentsAllowed: true`.
    case decodeOnlyEnvironmentNotAllowed(AppStoreEnvironment)
    /// A numeric setting is out of range (the string names it).
    case invalidLimit(String)

    public var description: String {
        switch self {
        case .missingAppAppleIdForProduction: "An app Apple ID is required when the environment is Production."
        case .noRootCertificates: "At least one trusted root certificate is required."
        case .invalidRootCertificate(let index): "Root certificate \(index) is not a DER X.509 certificate."
        case .decodeOnlyEnvironmentNotAllowed(let environment):
            "A \(environment) verifier checks no signatures; pass decodeOnlyEnvironmentsAllowed: true to allow it."
        case .invalidLimit(let name): "The setting \(name) is out of range."
        }
    }
}
