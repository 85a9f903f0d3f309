import Foundation
import StoreCrypto

/// `tienda pki init` and `tienda pki show`: the emulator's certificate authority in a state directory.
struct PKIInitCommand: Command {
    static let path = ["pki", "init"]
    static let summary = "Create (or reuse) the emulator's root → intermediate → leaf signing chain"
    static let help = """
        USAGE: tienda pki init [--state DIR]

        Creates the certificate authority Tienda signs with, laid out like Apple's: a root, an intermediate
        carrying Apple's marker extension 1.2.840.113635.100.6.2.1, and a P-256 leaf carrying
        1.2.840.113635.100.6.11.1. Files go to DIR/pki (certificates as DER and PEM, private keys as PKCS#8 PEM
        with mode 0600). An existing authority is reused, never replaced: delete DIR/pki to start over.
        Give DIR/pki/root.der to any verifier that should trust Tienda (Apple's SignedDataVerifier included).

        OPTIONS:
          \(StateDirectoryOption.help)
          -h, --help    Show this help.
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let state = try StateDirectoryOption.read(&arguments)
        try arguments.finish()
        let existed = FileManager.default.fileExists(atPath: state.appendingPathComponent("pki/root.der").path)
        let authority = try PKIShowCommand.authority(in: state)
        output.print(existed ? "Reused the certificate authority in \(state.path)/pki" : "Created a certificate authority in \(state.path)/pki")
        PKIShowCommand.describe(authority, state: state, output: output)
        return .success
    }
}

/// `tienda pki show`: prints the chain's certificates.
struct PKIShowCommand: Command {
    static let path = ["pki", "show"]
    static let summary = "Show the emulator's certificates (subjects, validity, fingerprints, marker OIDs)"
    static let help = """
        USAGE: tienda pki show [--state DIR] [--pem]

        Prints each certificate of the emulator's chain: subject, issuer, serial number, validity, SHA-256
        fingerprint, and whether Apple's marker extensions are present. Creates the authority first if the state
        directory has none.

        OPTIONS:
          \(StateDirectoryOption.help)
          --pem         Print the three certificates as PEM instead (leaf, intermediate, root).
          -h, --help    Show this help.
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let state = try StateDirectoryOption.read(&arguments)
        let pem = arguments.flag("--pem")
        try arguments.finish()
        let authority = try authority(in: state)
        if pem {
            [authority.leaf, authority.intermediate, authority.root].forEach { output.write($0.pemRepresentation) }
        } else {
            describe(authority, state: state, output: output)
        }
        return .success
    }

    /// Loads or creates the authority, turning its errors into command failures.
    static func authority(in state: URL) throws(CommandFailure) -> CertificateAuthority {
        do {
            return try CertificateAuthority.loadOrCreate(in: state)
        } catch {
            throw .badData("\(error)")
        }
    }

    /// Prints the three certificates.
    static func describe(_ authority: CertificateAuthority, state: URL, output: Output) {
        let certificates = [("Root", authority.root, "root"), ("Intermediate", authority.intermediate, "intermediate"),
                            ("Leaf", authority.leaf, "leaf")]
        for (title, certificate, file) in certificates {
            output.print()
            output.print("\(title): \(certificate.subject)")
            output.print("  issuer       \(certificate.issuer)")
            output.print("  serial       \(certificate.serialNumberHex)")
            output.print("  valid        \(certificate.notBefore) … \(certificate.notAfter)")
            output.print("  sha-256      \(SHA256.hash(certificate.derRepresentation))")
            let markers = [("1.2.840.113635.100.6.2.1", "intermediate marker"), ("1.2.840.113635.100.6.11.1", "leaf marker")]
                .filter { certificate.hasExtension(oid: $0.0) }.map { "\($0.1) \($0.0)" }
            if !markers.isEmpty { output.print("  extensions   \(markers.joined(separator: ", "))") }
            output.print("  file         \(state.path)/pki/\(file).der")
        }
    }
}
