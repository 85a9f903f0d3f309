import Foundation
import StoreCrypto
import StoreModel

/// `tienda sign`: signs an App Store payload as a compact JWS with the emulator's chain.
struct SignCommand: Command {
    static let path = ["sign"]
    static let summary = "Sign a transaction, renewal info, notification or app transaction JSON as a JWS"
    static let help = """
        USAGE: tienda sign --kind KIND FILE.json|- [--state DIR] [--signed-date keep|now|MILLISECONDS]

        Reads a payload in Apple's JSON shape (the decoded form of signedTransactionInfo, signedRenewalInfo,
        a notification's signedPayload, or an app transaction), checks it against Apple's model — every key
        must have Apple's type: IDs are strings, dates are milliseconds — and prints the compact JWS signed by
        the emulator's leaf key, with the x5c chain leaf → intermediate → root in its header.

        KIND is one of: \(SignedDataKind.list).

        OPTIONS:
          --kind KIND              What the payload is (required).
          --signed-date WHEN       keep: use the payload's date (now when it has none; the default);
                                   now: set it to now; or a number of milliseconds since 1970.
                                   (For app transactions the date is receiptCreationDate.)
          \(StateDirectoryOption.help)
          -h, --help               Show this help.

        EXAMPLE:
          tienda sign --kind transaction transaction.json > transaction.jws
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        guard let kindText = try arguments.option("--kind") else { throw CommandFailure.usage("--kind is required (\(SignedDataKind.list)).") }
        let kind = try SignedDataKind.parse(kindText)
        let signedDate = try arguments.option("--signed-date") ?? "keep"
        let state = try StateDirectoryOption.read(&arguments)
        let input = try arguments.requiredPositional("payload file (or - for standard input)")
        try arguments.finish()

        var object = try jsonObject(InputText.bytes(of: input), source: input)
        switch signedDate {
        case "keep": if object[kind.instantKey] == nil { object[kind.instantKey] = Timestamp(Date()).milliseconds }
        case "now": object[kind.instantKey] = Timestamp(Date()).milliseconds
        default:
            guard let milliseconds = Int64(signedDate) else {
                throw CommandFailure.usage("--signed-date \(signedDate) is not keep, now or a number of milliseconds.")
            }
            object[kind.instantKey] = milliseconds
        }
        let payload = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        try checkShape(payload, kind: kind, source: input)
        let authority = try PKIShowCommand.authority(in: state)
        output.print(try authority.signer.sign(payload: payload))
        return .success
    }

    private static func jsonObject(_ data: Data, source: String) throws(CommandFailure) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .badData("\(source): not a JSON object.")
        }
        return object
    }

    /// Decodes the payload with Apple's model so that a wrong type fails here, not in a verifier later.
    private static func checkShape(_ payload: Data, kind: SignedDataKind, source: String) throws(CommandFailure) {
        do {
            _ = try AppleJSON.decoder().decode(kind.payloadType, from: payload)
        } catch let DecodingError.typeMismatch(type, context), let DecodingError.valueNotFound(type, context) {
            throw .badData("\(source): \(codingPath(context)) must be \(type) in Apple's \(kind.rawValue) model.")
        } catch let DecodingError.dataCorrupted(context) {
            throw .badData("\(source): \(codingPath(context)): \(context.debugDescription)")
        } catch {
            throw .badData("\(source): not a \(kind.rawValue) payload: \(error)")
        }
    }

    private static func codingPath(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the payload" : String(path.drop { $0 == "." })
    }
}
