import Foundation
import StoreHTTP

/// `tienda transaction VERB TRANSACTION_ID`: one transaction's operations that have no command of their own —
/// show it signed now, finish it, delete it, and the refund-request lifecycle around `tienda refund`.
struct TransactionCommand: Command {
    /// One verb: its control API request and the summary line of its answer.
    struct Verb: Sendable {
        let name: String
        let method: HTTPMethod
        /// The path after `/transactions/{id}`, empty for the transaction itself.
        let suffix: String
        let explanation: String
        /// Whether the answer carries the transaction (else `{"ok": true}`).
        let answersTransaction: Bool
    }

    static let verbs: [Verb] = [
        Verb(name: "show", method: .get, suffix: "", explanation: "The transaction, signed now.", answersTransaction: true),
        Verb(name: "finish", method: .post, suffix: "/finish", explanation: "The app finishes it (transaction.finish()).", answersTransaction: false),
        Verb(name: "delete", method: .delete, suffix: "", explanation: "Deletes it (a subscription's whole chain), as Xcode's transaction manager does.", answersTransaction: false),
        Verb(name: "refund-request", method: .post, suffix: "/refund-request",
             explanation: "The customer asks for a refund; CONSUMPTION_REQUEST follows for consumables and subscriptions.", answersTransaction: false),
        Verb(name: "refund-decline", method: .post, suffix: "/refund-decline",
             explanation: "The App Store declines the refund request (REFUND_DECLINED).", answersTransaction: false),
        Verb(name: "refund-reverse", method: .post, suffix: "/refund-reverse",
             explanation: "A refund is reversed: the purchase is restored (REFUND_REVERSED).", answersTransaction: true),
        Verb(name: "consumption-request", method: .post, suffix: "/consumption-request",
             explanation: "The App Store asks the app's server for consumption data (CONSUMPTION_REQUEST).", answersTransaction: false),
    ]

    static let path = ["transaction"]
    static let summary = "Show, finish or delete a transaction, or drive its refund request, in a running emulator"
    static var help: String {
        let width = verbs.map(\.name.count).max() ?? 0
        let lines = verbs.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.explanation }
        return """
            USAGE: tienda transaction \(verbs.map(\.name).joined(separator: "|")) TRANSACTION_ID [--server URL] [--json]

            VERBS:
            \(lines.joined(separator: "\n"))

            OPTIONS:
            \(ControlClient.optionsHelp)

            EXAMPLE:
              tienda transaction refund-request 2000000000000003
              tienda transaction refund-decline 2000000000000003
            """
    }

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let name = try arguments.requiredPositional(verbs.map(\.name).joined(separator: "|"))
        guard let verb = verbs.first(where: { $0.name == name }) else {
            throw CommandFailure.usage("Unknown verb \(name); use one of \(verbs.map(\.name).joined(separator: ", ")).")
        }
        let id = try arguments.requiredPositional("TRANSACTION_ID")
        try arguments.finish()
        let answer = try await client.send(verb.method, "/transactions/\(ControlClient.segment(id))" + verb.suffix)
        client.show(answer, output: output) {
            guard verb.answersTransaction else { return ["\(verb.name)  transaction \(id)  done"] }
            return [ControlFormat.transaction(answer.object("transaction"))]
        }
        return .success
    }
}
