import Foundation
import StoreHTTP

/// `tienda status`: the running emulator's clock, apps, accounts and notification URLs.
struct StatusCommand: Command {
    static let path = ["status"]
    static let summary = "Show a running emulator's clock, apps, accounts and notification URLs"
    static let help = """
        USAGE: tienda status [--server URL] [--json]

        Asks a running `tienda serve` (GET /control/v1/status) for its clock, the apps it serves, the accounts it
        knows, the next due event, the notification URLs and how many notifications wait for delivery.

        OPTIONS:
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        try arguments.finish()
        let answer = try await client.send(.get, "/status")
        client.show(answer, output: output) {
            var lines = ["server     \(client.server.absoluteString)", "clock      \(answer.json["clockDate"] as? String ?? "?")"]
            if let next = answer.json["nextDueDate"] as? Int64 { lines.append("next due   \(ControlFormat.date(next))") }
            for app in answer.list("apps") {
                lines.append("app        \(app["bundleId"] as? String ?? "?")  (\(app["environment"] as? String ?? "?"), \(app["products"] as? Int ?? 0) products, time rate \(app["timeRate"] as? Int ?? 0))")
            }
            let accounts = answer.json["accounts"] as? [String] ?? []
            lines.append("accounts   \(accounts.isEmpty ? "none" : accounts.joined(separator: ", "))")
            let urls = answer.json["notificationURLs"] as? [String] ?? []
            lines.append("notify     \(urls.isEmpty ? "none" : urls.joined(separator: ", "))")
            lines.append("pending notifications  \(answer.json["pendingNotifications"] as? Int ?? 0)")
            return lines
        }
        return .success
    }
}
