import Foundation
import StoreHTTP

/// Runs a subscription operation: `POST /control/v1/subscriptions/{id}/{action}`, printing the status after.
enum SubscriptionAction {
    static func run(
        _ action: String, id: String, body: [String: Any]? = nil, client: ControlClient, output: Output
    ) async throws -> ExitCode {
        let answer = try await client.send(.post, "/subscriptions/\(ControlClient.segment(id))/\(action)", body)
        client.show(answer, output: output) { [ControlFormat.status(answer.json)] }
        return .success
    }

    /// The help text of a subscription command.
    static func help(_ usage: String, _ text: String, options: String = "") -> String {
        """
        USAGE: tienda \(usage) [--server URL] [--json]

        \(text) Prints the subscription's status afterwards.

        OPTIONS:
        \(options)\(ControlClient.optionsHelp)
        """
    }
}

/// `tienda expire ORIGINAL_ID`.
struct ExpireCommand: Command {
    static let path = ["expire"]
    static let summary = "Expire a subscription now in a running emulator"
    static let help = SubscriptionAction.help("expire ORIGINAL_TRANSACTION_ID", "The subscription expires now (EXPIRED).")

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let id = try arguments.requiredPositional("ORIGINAL_TRANSACTION_ID")
        try arguments.finish()
        return try await SubscriptionAction.run("expire", id: id, client: client, output: output)
    }
}

/// `tienda renew ORIGINAL_ID`.
struct RenewCommand: Command {
    static let path = ["renew"]
    static let summary = "Renew a subscription now in a running emulator (DID_RENEW)"
    static let help = SubscriptionAction.help("renew ORIGINAL_TRANSACTION_ID", "The subscription renews now, before its expiry (DID_RENEW).")

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let id = try arguments.requiredPositional("ORIGINAL_TRANSACTION_ID")
        try arguments.finish()
        return try await SubscriptionAction.run("renew", id: id, client: client, output: output)
    }
}

/// `tienda billing fail|resolve ORIGINAL_ID`.
struct BillingCommand: Command {
    static let path = ["billing"]
    static let summary = "Make a subscription's renewals fail, or fix its payment, in a running emulator"
    static let help = SubscriptionAction.help("billing fail|resolve ORIGINAL_TRANSACTION_ID",
        "fail: renewals fail from now on (billing retry; grace period when enabled). resolve: the customer fixes the payment method.")

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let verb = try arguments.requiredPositional("fail|resolve")
        let id = try arguments.requiredPositional("ORIGINAL_TRANSACTION_ID")
        try arguments.finish()
        switch verb {
        case "fail": return try await SubscriptionAction.run("billing-failure", id: id, client: client, output: output)
        case "resolve": return try await SubscriptionAction.run("billing-resolution", id: id, client: client, output: output)
        default: throw CommandFailure.usage("Say `tienda billing fail ID` or `tienda billing resolve ID`, not \(verb).")
        }
    }
}

/// `tienda auto-renew on|off ORIGINAL_ID`.
struct AutoRenewCommand: Command {
    static let path = ["auto-renew"]
    static let summary = "Turn a subscription's auto-renew on or off in a running emulator"
    static let help = SubscriptionAction.help("auto-renew on|off ORIGINAL_TRANSACTION_ID",
        "The customer turns auto-renew on or off (DID_CHANGE_RENEWAL_STATUS).")

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let setting = try arguments.requiredPositional("on|off")
        let id = try arguments.requiredPositional("ORIGINAL_TRANSACTION_ID")
        try arguments.finish()
        guard setting == "on" || setting == "off" else { throw CommandFailure.usage("Say on or off, not \(setting).") }
        return try await SubscriptionAction.run("auto-renew", id: id, body: ["enabled": setting == "on"], client: client, output: output)
    }
}

/// `tienda change-plan ORIGINAL_ID PRODUCT_ID`.
struct ChangePlanCommand: Command {
    static let path = ["change-plan"]
    static let summary = "Up-, down- or crossgrade a subscription in a running emulator"
    static let help = SubscriptionAction.help("change-plan ORIGINAL_TRANSACTION_ID PRODUCT_ID",
        "Switches to another product of the group: an upgrade at once, a downgrade or crossgrade at the next renewal.")

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let id = try arguments.requiredPositional("ORIGINAL_TRANSACTION_ID")
        let product = try arguments.requiredPositional("PRODUCT_ID")
        try arguments.finish()
        return try await SubscriptionAction.run("change-plan", id: id, body: ["productId": product], client: client, output: output)
    }
}

/// `tienda price-increase ORIGINAL_ID PRICE [--no-consent] | --accept | --decline`.
struct PriceIncreaseCommand: Command {
    static let path = ["price-increase"]
    static let summary = "Announce a subscription price increase, or answer one, in a running emulator"
    static let help = SubscriptionAction.help("price-increase ORIGINAL_TRANSACTION_ID (PRICE [--no-consent] | --accept | --decline)",
        "Announces a new price, e.g. 12.99 (PRICE_INCREASE), or records the customer's answer to a pending one.",
        options: "  --no-consent         The increase needs no consent (it is accepted at once).\n"
            + "  --accept, --decline  The customer's answer to a pending increase.\n")

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let noConsent = arguments.flag("--no-consent")
        let accept = arguments.flag("--accept")
        let decline = arguments.flag("--decline")
        let id = try arguments.requiredPositional("ORIGINAL_TRANSACTION_ID")
        if accept || decline {
            try arguments.finish()
            return try await SubscriptionAction.run("price-increase/response", id: id, body: ["accepted": accept], client: client, output: output)
        }
        let price = try arguments.requiredPositional("PRICE")
        try arguments.finish()
        guard let value = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")), value > 0 else {
            throw CommandFailure.usage("PRICE \(price) is not a positive amount such as 12.99.")
        }
        let milliunits = NSDecimalNumber(decimal: value * 1000).int64Value
        return try await SubscriptionAction.run(
            "price-increase", id: id, body: ["priceMilliunits": milliunits, "requiresConsent": !noConsent], client: client, output: output)
    }
}

/// `tienda extend ORIGINAL_ID DAYS`, or `tienda extend --all PRODUCT_ID DAYS` for every subscriber.
struct ExtendCommand: Command {
    static let path = ["extend"]
    static let summary = "Extend a subscription's renewal date, or every subscriber's, in a running emulator"
    static let help = """
        USAGE: tienda extend ORIGINAL_TRANSACTION_ID DAYS [--reason N] [--server URL] [--json]
               tienda extend --all PRODUCT_ID DAYS [--reason N] [--storefront CODE ...] [--bundle-id ID] [--server URL] [--json]

        Moves the renewal date DAYS (1…90) later (RENEWAL_EXTENDED) and prints the subscription's status. With --all,
        extends every active subscriber of PRODUCT_ID in the background, as the App Store Server API's mass extension
        does, and prints the request's identifier; RENEWAL_EXTENSION/SUMMARY follows when it is done.

        OPTIONS:
          --reason N           extendReasonCode: 0 undeclared (default), 1 satisfaction, 2 other, 3 service issue.
          --all                Every subscriber of PRODUCT_ID.
          --storefront CODE    With --all: only this storefront (ISO 3166-1 alpha-3); repeat for several.
          --bundle-id ID       With --all: the app (default: the first one served).
        \(ControlClient.optionsHelp)

        EXAMPLES:
          tienda extend 2000000000000001 7 --reason 3
          tienda extend --all com.tienda.example.pro.monthly 30 --storefront USA --storefront FRA
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let reason = try arguments.option("--reason").map { text throws(CommandFailure) -> Int in
            guard let value = Int(text) else { throw .usage("--reason \(text) is not a number.") }
            return value
        }
        let all = arguments.flag("--all")
        let storefronts = try arguments.options("--storefront")
        let bundle = try arguments.option("--bundle-id")
        let id = try arguments.requiredPositional(all ? "PRODUCT_ID" : "ORIGINAL_TRANSACTION_ID")
        let daysText = try arguments.requiredPositional("DAYS")
        try arguments.finish()
        guard let days = Int(daysText) else { throw CommandFailure.usage("DAYS \(daysText) is not a number.") }
        var body: [String: Any] = ["days": days]
        if let reason { body["reason"] = reason }
        guard all else {
            guard storefronts.isEmpty, bundle == nil else {
                throw CommandFailure.usage("--storefront and --bundle-id go with --all PRODUCT_ID.")
            }
            return try await SubscriptionAction.run("extend", id: id, body: body, client: client, output: output)
        }
        body["productId"] = id
        if !storefronts.isEmpty { body["storefrontCountryCodes"] = storefronts }
        if let bundle { body["bundleId"] = bundle }
        let answer = try await client.send(.post, "/subscriptions/extend-all", body)
        client.show(answer, output: output) {
            ["extension of \(id) by \(days) days requested  request \(answer.json["requestIdentifier"] as? String ?? "?")",
             "subscribers are extended in the background; RENEWAL_EXTENSION/SUMMARY follows when done (`tienda notifications`)"]
        }
        return .success
    }
}
