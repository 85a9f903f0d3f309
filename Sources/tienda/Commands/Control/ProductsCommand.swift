import Foundation
import StoreHTTP

/// `tienda products`: the catalog a running emulator sells, as `Product.products(for:)` sees it.
struct ProductsCommand: Command {
    static let path = ["products"]
    static let summary = "List the products a running emulator sells"
    static let help = """
        USAGE: tienda products [PRODUCT_ID ...] [--locale LOCALE] [--bundle-id ID] [--server URL] [--json]

        Lists the app's products (or only the given ones) with type, display price and, for subscriptions, group,
        level and period.

        OPTIONS:
          --locale LOCALE      Display names in this locale (default en_US).
          --bundle-id ID       The app (default: the first one served).
        \(ControlClient.optionsHelp)
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let locale = try arguments.option("--locale")
        let bundle = try arguments.option("--bundle-id")
        var ids: [String] = []
        while let id = arguments.positional() { ids.append(id) }
        try arguments.finish()
        let query = ControlClient.query([("bundleId", bundle), ("locale", locale)] + ids.map { ("id", $0) })
        let answer = try await client.send(.get, "/products" + query)
        client.show(answer, output: output) {
            let lines = answer.list("products").map { product in
                var line = "\(product["id"] as? String ?? "?")  \(product["type"] as? String ?? "?")  \(product["displayPrice"] as? String ?? "?")"
                if let name = product["displayName"] as? String { line += "  \"\(name)\"" }
                if let subscription = product["subscription"] as? [String: Any] {
                    line += "  group \(subscription["groupId"] as? String ?? "?") level \(subscription["groupLevel"] as? Int ?? 0)"
                        + "  every \(subscription["period"] as? String ?? "?")"
                }
                return line
            }
            return lines.isEmpty ? ["no products"] : lines
        }
        return .success
    }
}
