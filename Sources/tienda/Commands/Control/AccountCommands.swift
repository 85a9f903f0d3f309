import Foundation
import StoreHTTP

/// `tienda app-transaction ACCOUNT_ID VERSION`: sets what the account's AppTransaction says about its first
/// download — the seeds' legacy-buyer case (someone who bought the app before it became free with purchases).
struct AppTransactionCommand: Command {
    static let path = ["app-transaction"]
    static let summary = "Set the original app version (and date) of an account's AppTransaction in a running emulator"
    static let help = """
        USAGE: tienda app-transaction ACCOUNT_ID ORIGINAL_APP_VERSION [--original-purchase-date DATE] [--bundle-id ID]
                                      [--server URL] [--json]

        Sets originalApplicationVersion (the CFBundleVersion first downloaded) of the account's AppTransaction and
        prints the signed result, as the app then reads it from AppTransaction.shared.

        OPTIONS:
          --original-purchase-date DATE  When the app was first downloaded, ISO 8601 (e.g. 2024-03-01T00:00:00Z) or
                               milliseconds since 1970.
          --bundle-id ID       The app (default: the first one served).
        \(ControlClient.optionsHelp)

        EXAMPLE:
          tienda app-transaction alice 1.0 --original-purchase-date 2023-05-01T00:00:00Z
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let date = try arguments.option("--original-purchase-date").map { text throws(CommandFailure) -> Int64 in
            if let milliseconds = Int64(text) { return milliseconds }
            guard let parsed = try? Date(text, strategy: .iso8601) else {
                throw .usage("--original-purchase-date \(text) is neither an ISO 8601 date nor milliseconds since 1970.")
            }
            return Int64((parsed.timeIntervalSince1970 * 1000).rounded())
        }
        let bundle = try arguments.option("--bundle-id")
        let account = try arguments.requiredPositional("ACCOUNT_ID")
        let version = try arguments.requiredPositional("ORIGINAL_APP_VERSION")
        try arguments.finish()
        var body: [String: Any] = ["originalApplicationVersion": version]
        if let date { body["originalPurchaseDate"] = date }
        if let bundle { body["bundleId"] = bundle }
        let answer = try await client.send(.put, "/accounts/\(ControlClient.segment(account))/app-transaction", body)
        client.show(answer, output: output) {
            let payload = answer.object("appTransaction")
            return ["app transaction of \(account)  original version \(payload["originalApplicationVersion"] as? String ?? "?")"
                + ((payload["originalPurchaseDate"] as? Int64).map { "  first downloaded \(ControlFormat.date($0))" } ?? "")]
        }
        return .success
    }
}

/// `tienda subscriptions ORIGINAL_ID` or `tienda subscriptions --account ID`: subscription statuses.
struct SubscriptionsCommand: Command {
    static let path = ["subscriptions"]
    static let summary = "Show a subscription's status, or every subscription of an account, in a running emulator"
    static let help = """
        USAGE: tienda subscriptions ORIGINAL_TRANSACTION_ID [--server URL] [--json]
               tienda subscriptions --account ID [--bundle-id ID] [--server URL] [--json]

        Prints the state (subscribed, expired, inGracePeriod, inBillingRetryPeriod, revoked), auto-renew and expiry
        of one subscription, or of each of an account's subscriptions.

        OPTIONS:
          --account ID         Every subscription of this account.
          --bundle-id ID       With --account: the app (default: the first one served).
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let account = try arguments.option("--account")
        let bundle = try arguments.option("--bundle-id")
        let id = arguments.positional()
        try arguments.finish()
        switch (id, account) {
        case (let id?, nil):
            guard bundle == nil else { throw CommandFailure.usage("--bundle-id goes with --account.") }
            let answer = try await client.send(.get, "/subscriptions/\(ControlClient.segment(id))")
            client.show(answer, output: output) { [ControlFormat.status(answer.json)] }
        case (nil, let account?):
            let answer = try await client.send(
                .get, "/accounts/\(ControlClient.segment(account))/subscriptions" + ControlClient.query([("bundleId", bundle)]))
            client.show(answer, output: output) {
                let lines = answer.list("statuses").map(ControlFormat.status)
                return lines.isEmpty ? ["no subscriptions"] : lines
            }
        default:
            throw CommandFailure.usage("Give either ORIGINAL_TRANSACTION_ID or --account ID.")
        }
        return .success
    }
}
