import Foundation
import StoreHTTP

/// `tienda buy PRODUCT`: buy a product for an account, as outside the app.
struct BuyCommand: Command {
    static let path = ["buy"]
    static let summary = "Buy a product in a running emulator (as from the App Store or another device)"
    static let help = """
        USAGE: tienda buy PRODUCT_ID [--account ID] [--bundle-id ID] [--quantity N] [--ask-to-buy]
                          [--app-account-token UUID] [--offer TYPE:ID] [--server URL] [--json]

        Buys PRODUCT_ID for the account (created when new) through POST /control/v1/purchases. The device learns
        of it through its updates feed. With --ask-to-buy the purchase waits for `tienda approve` or
        `tienda decline`.

        OPTIONS:
          --account ID         The buyer (default: default).
          --bundle-id ID       The app (default: the first one served).
          --quantity N         How many (consumables), 1…10.
          --ask-to-buy         Ask a parent first.
          --app-account-token UUID  The app's own identifier for the customer.
          --offer TYPE:ID      promotional:OFFER_ID, offerCode:REFERENCE_NAME or winBack:OFFER_ID.
        \(ControlClient.optionsHelp)

        EXAMPLE:
          tienda buy com.tienda.example.pro.monthly --account alice
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        var body: [String: Any] = [:]
        if let account = try arguments.option("--account") { body["accountId"] = account }
        if let bundle = try arguments.option("--bundle-id") { body["bundleId"] = bundle }
        if let text = try arguments.option("--quantity") {
            guard let quantity = Int(text) else { throw CommandFailure.usage("--quantity \(text) is not a number.") }
            body["quantity"] = quantity
        }
        if arguments.flag("--ask-to-buy") { body["askToBuy"] = true }
        if let token = try arguments.option("--app-account-token") { body["appAccountToken"] = token }
        if let offer = try arguments.option("--offer") {
            let parts = offer.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CommandFailure.usage("--offer \(offer) must be TYPE:ID, e.g. promotional:SPRING.") }
            body["offer"] = ["type": parts[0], "id": parts[1]]
        }
        body["productId"] = try arguments.requiredPositional("PRODUCT_ID")
        try arguments.finish()
        let answer = try await client.send(.post, "/purchases", body)
        client.show(answer, output: output) {
            if let pending = answer.json["pendingPurchase"] as? [String: Any] {
                return ["pending \(pending["id"] as? String ?? "?")  \(pending["kind"] as? String ?? "")  \(pending["productId"] as? String ?? "")"
                    + "  (tienda approve|decline \(pending["id"] as? String ?? "?"))"]
            }
            return ["bought  " + ControlFormat.transaction(answer.object("transaction")["transaction"] as? [String: Any] ?? [:])]
        }
        return .success
    }
}

/// A command that acts on one pending purchase: `POST /control/v1/pending/{id}/{action}`.
protocol PendingPurchaseAction: Command {
    /// The last path segment of the control route.
    static var action: String { get }
    /// The word the summary line starts with.
    static var done: String { get }
}

extension PendingPurchaseAction {
    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let id = try arguments.requiredPositional("PENDING_ID")
        try arguments.finish()
        let answer = try await client.send(.post, "/pending/\(ControlClient.segment(id))/\(action)")
        client.show(answer, output: output) {
            // Approving or resolving answers the completed transaction; declining answers `{"ok": true}`.
            let transaction = answer.object("transaction")
            return [transaction.isEmpty ? "\(done) \(id)" : "\(done)  " + ControlFormat.transaction(transaction)]
        }
        return .success
    }
}

/// `tienda approve PENDING_ID`: a parent approves an Ask to Buy request.
struct ApproveCommand: PendingPurchaseAction {
    static let path = ["approve"]
    static let action = "approve"
    static let done = "approved"
    static let summary = "Approve an Ask to Buy request in a running emulator"
    static let help = """
        USAGE: tienda approve PENDING_ID [--server URL] [--json]

        A parent approves the Ask to Buy request (see `tienda pending`); the purchase completes.

        OPTIONS:
        \(ControlClient.optionsHelp)
        """
}

/// `tienda decline PENDING_ID`.
struct DeclineCommand: PendingPurchaseAction {
    static let path = ["decline"]
    static let action = "decline"
    static let done = "declined"
    static let summary = "Decline an Ask to Buy request in a running emulator"
    static let help = """
        USAGE: tienda decline PENDING_ID [--server URL] [--json]

        A parent declines the Ask to Buy request (see `tienda pending`).

        OPTIONS:
        \(ControlClient.optionsHelp)
        """
}

/// `tienda resolve PENDING_ID`: the customer resolves an interrupted purchase's issue (e.g. accepts new terms).
struct ResolveCommand: PendingPurchaseAction {
    static let path = ["resolve"]
    static let action = "resolve"
    static let done = "resolved"
    static let summary = "Complete an interrupted purchase in a running emulator"
    static let help = """
        USAGE: tienda resolve PENDING_ID [--server URL] [--json]

        With interrupted purchases on (`tienda settings --interrupted-purchases on`), a purchase waits for the
        customer to resolve an issue outside the app; this resolves it and the purchase completes
        (see `tienda pending`).

        OPTIONS:
        \(ControlClient.optionsHelp)
        """
}

/// `tienda pending`: purchases waiting for a parent or a purchase issue.
struct PendingCommand: Command {
    static let path = ["pending"]
    static let summary = "List purchases waiting for Ask to Buy approval in a running emulator"
    static let help = """
        USAGE: tienda pending [--account ID] [--bundle-id ID] [--server URL] [--json]

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
        let answer = try await client.send(.get, "/pending" + ControlClient.query([("accountId", account), ("bundleId", bundle)]))
        client.show(answer, output: output) {
            let lines = answer.list("pending").map {
                "\($0["id"] as? String ?? "?")  \($0["kind"] as? String ?? "")  \($0["accountId"] as? String ?? "")  \($0["productId"] as? String ?? "")"
            }
            return lines.isEmpty ? ["no pending purchases"] : lines
        }
        return .success
    }
}

/// `tienda refund TRANSACTION_ID`: the App Store refunds a transaction.
struct RefundCommand: Command {
    static let path = ["refund"]
    static let summary = "Refund a transaction in a running emulator (REFUND)"
    static let help = """
        USAGE: tienda refund TRANSACTION_ID [--percentage N] [--reason 0|1] [--server URL] [--json]

        Refunds the transaction; refunding a subscription's latest transaction revokes the subscription.

        OPTIONS:
          --percentage N       A prorated refund of N % (1…99); full by default.
          --reason 0|1         revocationReason: 0 other (default), 1 an issue in the app.
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        var body: [String: Any] = [:]
        if let text = try arguments.option("--percentage") {
            guard let value = Int(text) else { throw CommandFailure.usage("--percentage \(text) is not a number.") }
            body["percentage"] = value
        }
        if let text = try arguments.option("--reason") {
            guard let value = Int(text), value == 0 || value == 1 else { throw CommandFailure.usage("--reason must be 0 or 1.") }
            body["reason"] = value
        }
        let id = try arguments.requiredPositional("TRANSACTION_ID")
        try arguments.finish()
        let answer = try await client.send(.post, "/transactions/\(ControlClient.segment(id))/refund", body)
        client.show(answer, output: output) { ["refunded  " + ControlFormat.transaction(answer.object("transaction"))] }
        return .success
    }
}
