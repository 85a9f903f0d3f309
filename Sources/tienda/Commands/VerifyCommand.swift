import Foundation
import StoreCrypto
import StoreModel

/// `tienda verify`: decodes and verifies a JWS the way Apple's `SignedDataVerifier` does.
struct VerifyCommand: Command {
    static let path = ["verify"]
    static let summary = "Verify a signed transaction, renewal info, notification or app transaction"
    static let help = """
        USAGE: tienda verify JWS|FILE|- [--kind KIND] [--apple | --root FILE.der…] [--state DIR]
                             [--bundle-id ID] [--app-apple-id N] [--environment ENV] [--now] [--strict]
                             [--decode-only] [--json]

        Applies the policy of Apple's SignedDataVerifier: ES256 only, an x5c chain of exactly three certificates
        leading to a trusted root, Apple's marker extensions on the leaf and intermediate, the chain valid at the
        payload's signedDate (receiptCreationDate for app transactions), the signature, then the bundle ID, app
        Apple ID (Production only) and environment. Prints the verdict and the decoded payload.

        Trusted roots: the emulator's root from the state directory by default; --apple trusts Apple Root CA - G3
        (Apple's real App Store data); --root adds DER files (repeatable) instead.
        Without --bundle-id and --environment, the payload's own values are used and reported as unchecked.

        OPTIONS:
          --kind KIND          \(SignedDataKind.list) (default: guessed from the payload).
          --apple              Trust Apple Root CA - G3.
          --root FILE.der      Trust this root certificate (repeatable).
          \(StateDirectoryOption.help)
          --bundle-id ID       The bundle ID the data must be for.
          --app-apple-id N     The app Apple ID (required with --environment Production).
          --environment ENV    Sandbox, Production, Xcode or LocalTesting.
          --now                Validate the chain now instead of at the signed date (as online checks do).
          --strict             Also apply OpenSSL's strict X.509 checks (as Apple's Python library does).
          --decode-only        Allow Xcode and LocalTesting data, which verifiers decode without any signature
                               check (as Apple's do).
          --json               Print {"valid", "kind", "failure", "appleStatus", "payload"} as JSON.
          -h, --help           Show this help.

        EXIT CODES: 0 valid, 1 verification failed, 64 usage error, 65 unreadable root, 66 missing input.
        """

    struct Settings {
        var kind: SignedDataKind?
        var roots: [Data]
        var rootsDescription: String
        var bundleId: String?
        var appAppleId: Int64?
        var environment: AppStoreEnvironment?
        var validateNow: Bool
        var strict: Bool
        var decodeOnly: Bool
        var json: Bool
    }

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let settings = try readSettings(&arguments)
        let input = try arguments.requiredPositional("JWS, file, or - for standard input")
        try arguments.finish()
        let jws = try InputText.jws(from: input)
        let payloadBytes = payloadSegment(of: jws)
        let kind = settings.kind ?? payloadBytes.map(SignedDataKind.guess(fromPayload:)) ?? .transaction
        let claimed = payloadBytes.flatMap { try? AppleJSON.decoder().decode(kind.payloadType, from: $0) }
        let identity = claimed?.verificationIdentity
        let environment = settings.environment ?? identity?.environment ?? .sandbox
        let bundleId = settings.bundleId ?? identity?.bundleId ?? ""
        let appAppleId = settings.appAppleId ?? (environment == .production ? identity?.appAppleId : nil)

        let verifier: SignedDataVerifier
        do {
            verifier = try SignedDataVerifier(
                rootCertificates: settings.roots, bundleId: bundleId, appAppleId: appAppleId, environment: environment,
                enableOnlineChecks: settings.validateNow, decodeOnlyEnvironmentsAllowed: settings.decodeOnly,
                strictX509: settings.strict, currentTime: { Timestamp(Date()) })
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        let verdict = VerificationReport(kind: kind, result: verify(jws, kind: kind, with: verifier))
        var notes = ["trusted roots: \(settings.rootsDescription)"]
        if settings.bundleId == nil { notes.append("bundle ID \(bundleId.isEmpty ? "(none)" : bundleId) taken from the payload, not checked (--bundle-id)") }
        if settings.environment == nil { notes.append("environment \(environment) taken from the payload (--environment)") }
        if settings.json {
            output.print(try JSONText.pretty(verdict.json(notes: notes)))
        } else {
            verdict.lines(notes: notes).forEach { output.print($0) }
        }
        return verdict.failure == nil ? .success : .verificationFailed
    }

    private static func readSettings(_ arguments: inout ArgumentList) throws(CommandFailure) -> Settings {
        let kind = try arguments.option("--kind").map { (text: String) throws(CommandFailure) in try SignedDataKind.parse(text) }
        let apple = arguments.flag("--apple")
        let rootFiles = try arguments.options("--root")
        let state = try StateDirectoryOption.read(&arguments)
        let bundleId = try arguments.option("--bundle-id")
        let appAppleIdText = try arguments.option("--app-apple-id")
        let environmentText = try arguments.option("--environment")
        let settings = Settings(
            kind: kind, roots: [], rootsDescription: "", bundleId: bundleId, appAppleId: nil,
            environment: nil, validateNow: arguments.flag("--now"), strict: arguments.flag("--strict"),
            decodeOnly: arguments.flag("--decode-only"), json: arguments.flag("--json"))
        var result = settings
        if let appAppleIdText {
            guard let value = Int64(appAppleIdText) else { throw .usage("--app-apple-id \(appAppleIdText) is not a number.") }
            result.appAppleId = value
        }
        if let environmentText {
            let environment = AppStoreEnvironment(rawValue: environmentText)
            guard environment.isKnown else {
                throw .usage("--environment \(environmentText) is not one of Sandbox, Production, Xcode, LocalTesting.")
            }
            result.environment = environment
        }
        if apple, !rootFiles.isEmpty { throw .usage("Give either --apple or --root, not both.") }
        if apple {
            result.roots = [AppleRootCertificates.appleRootCAG3]
            result.rootsDescription = "Apple Root CA - G3"
        } else if !rootFiles.isEmpty {
            result.roots = try rootFiles.map { (file: String) throws(CommandFailure) in try InputText.bytes(of: file) }
            result.rootsDescription = rootFiles.joined(separator: ", ")
        } else {
            let authority = try PKIShowCommand.authority(in: state)
            result.roots = [authority.root.derRepresentation]
            result.rootsDescription = "Tienda's root in \(state.path)/pki"
        }
        return result
    }

    private static func payloadSegment(of jws: String) -> Data? {
        let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return nil }
        return try? Base64URL.decode(String(segments[1]))
    }

    private static func verify(_ jws: String, kind: SignedDataKind, with verifier: SignedDataVerifier)
        -> (payload: (any Encodable)?, failure: VerificationFailure?)
    {
        switch kind {
        case .transaction: unpack(verifier.verifyTransaction(jws))
        case .renewal: unpack(verifier.verifyRenewalInfo(jws))
        case .notification: unpack(verifier.verifyNotification(jws))
        case .appTransaction: unpack(verifier.verifyAppTransaction(jws))
        }
    }

    private static func unpack<T: Encodable>(_ result: VerificationResult<T>) -> (payload: (any Encodable)?, failure: VerificationFailure?) {
        (result.unsafePayloadValue, result.failure)
    }
}
