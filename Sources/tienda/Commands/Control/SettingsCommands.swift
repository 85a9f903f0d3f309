import Foundation
import StoreHTTP

/// `tienda settings`: show or override the app's StoreKit settings.
struct SettingsCommand: Command {
    static let path = ["settings"]
    static let summary = "Show or change a running emulator's StoreKit settings (Ask to Buy, billing retry, …)"
    static let help = """
        USAGE: tienda settings [--time-rate N] [--ask-to-buy on|off] [--billing-retry on|off]
                               [--grace-period on|off] [--interrupted-purchases on|off] [--fail-transactions on|off]
                               [--not-for-sale PRODUCT_ID ...] [--for-sale PRODUCT_ID ...]
                               [--fail "API=TYPE:INDEX" ...] [--stop-failing API ...]
                               [--bundle-id ID] [--server URL] [--json]

        Without options, shows the app's effective settings. Options override the .storekit file's values
        (`tienda reset` restores them).

        OPTIONS:
          --time-rate N        The renewal time rate (0 real time; see `tienda serve --help`).
          --ask-to-buy on|off  Purchases wait for a parent.
          --billing-retry on|off       Renewals fail into billing retry.
          --grace-period on|off        Billing retry starts with a grace period.
          --interrupted-purchases on|off  Purchases need the customer's action first.
          --fail-transactions on|off   Purchases fail.
          --not-for-sale ID, --for-sale ID  Take a product off sale or put it back.
          --fail "API=TYPE:INDEX"      Make a StoreKit API fail, e.g. "Purchase=generic:2" (networkError).
          --stop-failing API           Let it succeed again.
          --bundle-id ID       The app (default: the first one served).
        \(ControlClient.optionsHelp)
        """

    private static let switches = [
        ("--ask-to-buy", "askToBuyEnabled"), ("--billing-retry", "billingRetryOnRenewalEnabled"),
        ("--grace-period", "billingGracePeriodEnabled"), ("--interrupted-purchases", "interruptedPurchasesEnabled"),
        ("--fail-transactions", "failTransactionsEnabled"),
    ]

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        var body: [String: Any] = [:]
        let bundle = try arguments.option("--bundle-id")
        if let text = try arguments.option("--time-rate") {
            guard let rate = Int(text) else { throw CommandFailure.usage("--time-rate \(text) is not a number.") }
            body["timeRate"] = rate
        }
        for (option, key) in switches {
            guard let text = try arguments.option(option) else { continue }
            guard text == "on" || text == "off" else { throw CommandFailure.usage("\(option) takes on or off, not \(text).") }
            body[key] = text == "on"
        }
        let offSale = try arguments.options("--not-for-sale")
        let onSale = try arguments.options("--for-sale")
        var simulated: [[String: Any]] = try arguments.options("--stop-failing").map { ["api": $0] }
        for text in try arguments.options("--fail") {
            let sides = text.split(separator: "=", maxSplits: 1).map(String.init)
            let error = sides.count == 2 ? sides[1].split(separator: ":").map(String.init) : []
            guard error.count == 2, let index = Int(error[1]) else {
                throw CommandFailure.usage("--fail \(text) must be API=TYPE:INDEX, e.g. \"Purchase=generic:2\".")
            }
            simulated.append(["api": sides[0], "type": error[0], "index": index])
        }
        try arguments.finish()
        for var change in simulated {
            if let bundle { change["bundleId"] = bundle }
            try await client.send(.post, "/simulated-errors", change)
        }
        for (products, forSale) in [(offSale, false), (onSale, true)] {
            for product in products {
                var availability: [String: Any] = ["forSale": forSale]
                if let bundle { availability["bundleId"] = bundle }
                try await client.send(.post, "/products/\(ControlClient.segment(product))/availability", availability)
            }
        }
        let answer: ControlAnswer
        if body.isEmpty {
            answer = try await client.send(.get, "/settings" + ControlClient.query([("bundleId", bundle)]))
        } else {
            if let bundle { body["bundleId"] = bundle }
            answer = try await client.send(.patch, "/settings", body)
        }
        client.show(answer, output: output) {
            answer.json.keys.sorted().map { key in
                let value = answer.json[key]
                let text = (value as? [String]).map { $0.isEmpty ? "none" : $0.joined(separator: ", ") }
                    ?? (value as? Bool).map { $0 ? "on" : "off" } ?? "\(value ?? "")"
                return key.padding(toLength: 30, withPad: " ", startingAt: 0) + text
            }
        }
        return .success
    }
}

/// `tienda revoke TRANSACTION_ID --member ACCOUNT`: stop sharing a purchase with a family member.
struct RevokeCommand: Command {
    static let path = ["revoke"]
    static let summary = "Stop sharing a purchase with a family member in a running emulator (REVOKE)"
    static let help = """
        USAGE: tienda revoke TRANSACTION_ID --member ACCOUNT_ID [--server URL] [--json]

        The purchaser stops sharing the purchase with the family member; the member's copy is revoked. (To
        revoke a purchase for its buyer, refund it: `tienda refund`.)

        OPTIONS:
          --member ID          The family member losing access.
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        guard let member = try arguments.option("--member") else { throw CommandFailure.usage("Name the family member: --member ACCOUNT_ID.") }
        let id = try arguments.requiredPositional("TRANSACTION_ID")
        try arguments.finish()
        let answer = try await client.send(.post, "/transactions/\(ControlClient.segment(id))/revoke-family", ["memberAccountId": member])
        client.show(answer, output: output) { ["revoked \(member)'s access to transaction \(id)"] }
        return .success
    }
}

/// `tienda redeem PRODUCT_ID REFERENCE_NAME`: redeem an offer code.
struct RedeemCommand: Command {
    static let path = ["redeem"]
    static let summary = "Redeem a subscription offer code in a running emulator"
    static let help = """
        USAGE: tienda redeem PRODUCT_ID OFFER_REFERENCE_NAME [--account ID] [--bundle-id ID] [--server URL] [--json]

        The customer redeems the offer code (its reference name in the .storekit file) in the App Store.

        OPTIONS:
          --account ID         The customer (default: default).
          --bundle-id ID       The app (default: the first one served).
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        var body: [String: Any] = [:]
        if let account = try arguments.option("--account") { body["accountId"] = account }
        if let bundle = try arguments.option("--bundle-id") { body["bundleId"] = bundle }
        body["productId"] = try arguments.requiredPositional("PRODUCT_ID")
        body["referenceName"] = try arguments.requiredPositional("OFFER_REFERENCE_NAME")
        try arguments.finish()
        let answer = try await client.send(.post, "/offer-codes/redeem", body)
        client.show(answer, output: output) { ["redeemed  " + ControlFormat.transaction(answer.object("transaction"))] }
        return .success
    }
}
