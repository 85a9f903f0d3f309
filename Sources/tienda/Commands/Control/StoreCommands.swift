import Foundation
import StoreHTTP

/// `tienda advance DURATION | --to DATE`: move the emulator's clock forward.
struct AdvanceCommand: Command {
    static let path = ["advance"]
    static let summary = "Move a running emulator's clock forward, firing renewals and other due events"
    static let help = """
        USAGE: tienda advance DURATION [--server URL] [--json]
               tienda advance --to DATE [--server URL] [--json]

        Moves the clock forward and fires every due event on the way, in order (renewals, billing retries,
        grace period ends, expiries). DURATION is one or more <number><unit> parts: y years, M months, w weeks,
        d days, h hours, m minutes, s seconds (1M, 2w, 3d12h, 90s). DATE is ISO 8601 (2027-01-01T00:00:00Z).
        The clock never moves back.

        OPTIONS:
          --to DATE            Move to this date instead.
        \(ControlClient.optionsHelp)

        EXAMPLE:
          tienda advance 1M
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        var body: [String: Any] = [:]
        if let date = try arguments.option("--to") {
            body["to"] = date
        } else {
            body["by"] = try arguments.requiredPositional("DURATION")
        }
        try arguments.finish()
        let answer = try await client.send(.post, "/clock/advance", body)
        client.show(answer, output: output) {
            ["clock \(answer.json["date"] as? String ?? "?")  (\(answer.json["fired"] as? Int ?? 0) due events fired)"]
        }
        return .success
    }
}

/// `tienda reset` and `tienda clear`.
struct ResetCommand: Command {
    static let path = ["reset"]
    static let summary = "Delete an app's transactions and restore its .storekit settings in a running emulator"
    static let help = """
        USAGE: tienda reset [--transactions-only] [--bundle-id ID] [--server URL] [--json]

        Deletes every transaction of the app (subscriptions, purchases, pending requests, the updates feed) and
        restores the settings of its .storekit file. Accounts, the clock and the notification log stay.

        OPTIONS:
          --transactions-only  Keep the settings (SKTestSession.clearTransactions()).
          --bundle-id ID       The app (default: the first one served).
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let transactionsOnly = arguments.flag("--transactions-only")
        var body: [String: Any] = [:]
        if let bundle = try arguments.option("--bundle-id") { body["bundleId"] = bundle }
        try arguments.finish()
        let answer = try await client.send(.post, transactionsOnly ? "/clear" : "/reset", body)
        client.show(answer, output: output) { [transactionsOnly ? "transactions cleared" : "reset"] }
        return .success
    }
}

/// `tienda accounts`.
struct AccountsCommand: Command {
    static let path = ["accounts"]
    static let summary = "List, create or change accounts in a running emulator"
    static let help = """
        USAGE: tienda accounts [--server URL] [--json]
               tienda accounts --create ID [--storefront CODE] [--family-group ID] [--can-make-payments on|off]
               tienda accounts --update ID [--storefront CODE] [--family-group ID|""] [--can-make-payments on|off]

        Lists the accounts, creates one, or changes one. Accounts are also created on their first purchase.
        Accounts in the same family group share family-shareable purchases.

        OPTIONS:
          --create ID          Create an account.
          --update ID          Change an existing account.
          --storefront CODE    Its storefront, ISO 3166-1 alpha-3 (default USA).
          --family-group ID    Its family group; "" leaves the group (with --update).
          --can-make-payments on|off  Whether the account may pay (off: AppStore.canMakePayments is false).
        \(ControlClient.optionsHelp)

        EXAMPLE:
          tienda accounts --create kid --family-group smiths --can-make-payments off
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let create = try arguments.option("--create")
        let update = try arguments.option("--update")
        var changes: [String: Any] = [:]
        if let storefront = try arguments.option("--storefront") { changes["storefront"] = storefront }
        if let group = try arguments.option("--family-group") { changes["familyGroup"] = group }
        if let payments = try arguments.option("--can-make-payments") {
            guard ["on", "off"].contains(payments) else { throw CommandFailure.usage("--can-make-payments takes on or off, not \(payments).") }
            changes["canMakePayments"] = payments == "on"
        }
        try arguments.finish()
        switch (create, update) {
        case (let id?, nil):
            changes["id"] = id
            let answer = try await client.send(.post, "/accounts", changes)
            client.show(answer, output: output) { ["created account \(id)"] }
        case (nil, let id?):
            guard !changes.isEmpty else { throw CommandFailure.usage("--update \(id) needs --storefront, --family-group or --can-make-payments.") }
            let answer = try await client.send(.patch, "/accounts/\(ControlClient.segment(id))", changes)
            client.show(answer, output: output) { ["updated  " + Self.line(answer.json)] }
        case (nil, nil):
            guard changes.isEmpty else { throw CommandFailure.usage("--storefront, --family-group and --can-make-payments go with --create or --update.") }
            let answer = try await client.send(.get, "/accounts")
            client.show(answer, output: output) {
                let lines = answer.list("accounts").map(Self.line)
                return lines.isEmpty ? ["no accounts"] : lines
            }
        case (_?, _?):
            throw CommandFailure.usage("Give --create or --update, not both.")
        }
        return .success
    }

    /// One account: id, storefront, family group, and whether it may not pay.
    private static func line(_ account: [String: Any]) -> String {
        let storefront = (account["storefront"] as? [String: Any])?["countryCode"] as? String ?? ""
        return "\(account["id"] as? String ?? "?")  \(storefront)"
            + ((account["familyGroup"] as? String).map { "  family \($0)" } ?? "")
            + ((account["canMakePayments"] as? Bool) == false ? "  cannot make payments" : "")
    }
}

/// `tienda transactions`.
struct TransactionsCommand: Command {
    static let path = ["transactions"]
    static let summary = "List the transactions in a running emulator"
    static let help = """
        USAGE: tienda transactions [--account ID] [--bundle-id ID] [--server URL] [--json]

        Lists the app's transactions (every account, or one), oldest first, finished consumables included.

        OPTIONS:
          --account ID         Only this account's.
          --bundle-id ID       The app (default: the first one served).
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let account = try arguments.option("--account")
        let bundle = try arguments.option("--bundle-id")
        try arguments.finish()
        let path = account.map { "/accounts/\(ControlClient.segment($0))/transactions" } ?? "/transactions"
        let answer = try await client.send(.get, path + ControlClient.query([("bundleId", bundle)]))
        client.show(answer, output: output) {
            let lines = answer.list("transactions").map { record in
                "\(record["accountId"] as? String ?? "?")  " + ControlFormat.transaction(record["transaction"] as? [String: Any] ?? [:])
                    + ((record["isFinished"] as? Bool) == true ? "  finished" : "")
            }
            return lines.isEmpty ? ["no transactions"] : lines
        }
        return .success
    }
}

/// `tienda notifications`.
struct NotificationsCommand: Command {
    static let path = ["notifications"]
    static let summary = "List the App Store Server Notifications a running emulator raised"
    static let help = """
        USAGE: tienda notifications [--bundle-id ID] [--transaction ID] [--failures] [--test] [--server URL] [--json]

        Lists the notification log, oldest first, with each notification's delivery state; --test raises a TEST
        notification instead.

        OPTIONS:
          --bundle-id ID       Only this app's.
          --transaction ID     Only this transaction's chain.
          --failures           Only those whose delivery failed.
          --test               Raise a TEST notification.
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let bundle = try arguments.option("--bundle-id")
        let transaction = try arguments.option("--transaction")
        let failures = arguments.flag("--failures")
        let test = arguments.flag("--test")
        try arguments.finish()
        if test {
            let answer = try await client.send(.post, "/notifications/test", bundle.map { ["bundleId": $0] } ?? [:])
            client.show(answer, output: output) { ["test notification \(answer.json["testNotificationToken"] as? String ?? "?")"] }
            return .success
        }
        let query = ControlClient.query([("bundleId", bundle), ("transactionId", transaction), ("onlyFailures", failures ? "true" : nil)])
        let answer = try await client.send(.get, "/notifications" + query)
        client.show(answer, output: output) {
            let lines = answer.list("notifications").map { notification in
                let date = (notification["signedDate"] as? Int64).map(ControlFormat.date) ?? "?"
                return "\(date)  \(notification["name"] as? String ?? "?")  \(notification["deliveryState"] as? String ?? "?")"
                    + ((notification["transactionId"] as? String).map { "  transaction \($0)" } ?? "")
            }
            return lines.isEmpty ? ["no notifications"] : lines
        }
        return .success
    }
}
