import AppStoreEmulator
import Foundation
import StoreHTTP

/// Talks to a running `tienda serve` through its control API (`/control/v1`) for the control subcommands.
///
/// The server is `--server URL`, else `$TIENDA_SERVER`, else `http://127.0.0.1:8480`. Answers are JSON objects;
/// a failure answer (`{"error", "message", "status"}`) becomes a ``CommandFailure`` carrying the server's message.
struct ControlClient {
    /// The help lines of the options every control subcommand takes.
    static let optionsHelp = """
          --server URL         The running `tienda serve` (default: $TIENDA_SERVER, else http://127.0.0.1:\(EmulatorConfiguration.defaultPort)).
          --json               Print the server's JSON answer instead of a summary.
        """

    let server: URL
    let printsJSON: Bool
    private let http = HTTPClient(maximumConnectionsPerHost: 2)

    /// Reads `--server` and `--json`.
    init(_ arguments: inout ArgumentList) throws(CommandFailure) {
        let text = try arguments.option("--server") ?? ProcessInfo.processInfo.environment["TIENDA_SERVER"]
            ?? "http://127.0.0.1:\(EmulatorConfiguration.defaultPort)"
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text), ["http", "https"].contains(url.scheme ?? "") else {
            throw .usage("--server \(text) is not an http(s) URL.")
        }
        server = url
        printsJSON = arguments.flag("--json")
    }

    /// Sends a control request and returns the answer.
    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws(CommandFailure) -> ControlAnswer {
        guard let url = URL(string: server.absoluteString + "/control/v1" + path) else {
            throw .usage("Cannot build a URL from \(server.absoluteString) and \(path).")
        }
        let data = body.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
        let response: HTTPClientResponse
        do {
            response = try await http.send(
                method: method, url: url, headers: data == nil ? [:] : ["Content-Type": "application/json"], body: data ?? (method == .post ? Data() : nil))
        } catch {
            throw CommandFailure(
                message: "No emulator answers at \(server.absoluteString) (\(error)). Start one with `tienda serve` or pass --server URL.",
                exitCode: .unavailable, showsUsage: false)
        }
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        guard (200..<300).contains(response.status.code) else {
            let message = object["message"] as? String ?? String(decoding: response.body, as: UTF8.self)
            let code = object["error"] as? String ?? "HTTP \(response.status.code)"
            throw CommandFailure(message: "\(message) (\(code))", exitCode: response.status.code >= 500 ? .software : .badData, showsUsage: false)
        }
        return ControlAnswer(json: object, body: response.body)
    }

    /// A query string (`?a=1&b=2`, percent-encoded) of the parameters that have a value; empty when none has.
    static func query(_ parameters: [(String, String?)]) -> String {
        var components = URLComponents()
        components.queryItems = parameters.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        guard let items = components.queryItems, !items.isEmpty else { return "" }
        return "?" + (components.percentEncodedQuery ?? "")
    }

    /// A path segment, percent-encoded.
    static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? value
    }

    /// Prints the answer's JSON when `--json` was given, else the summary lines.
    func show(_ answer: ControlAnswer, output: Output, summary: () -> [String]) {
        if printsJSON {
            let pretty = (try? JSONSerialization.data(withJSONObject: answer.json, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            output.print(String(decoding: pretty ?? answer.body, as: UTF8.self))
        } else {
            summary().forEach { output.print($0) }
        }
    }
}

/// A control API answer.
struct ControlAnswer {
    /// The decoded JSON object.
    let json: [String: Any]
    /// The raw body.
    let body: Data

    /// A nested object.
    func object(_ key: String) -> [String: Any] { json[key] as? [String: Any] ?? [:] }
    /// A nested array of objects.
    func list(_ key: String) -> [[String: Any]] { json[key] as? [[String: Any]] ?? [] }
}

/// Formats payload values for the summaries.
enum ControlFormat {
    /// A one-line description of a decoded transaction payload.
    static func transaction(_ payload: [String: Any]) -> String {
        var parts = [
            "transaction \(payload["transactionId"] as? String ?? "?")",
            "\(payload["productId"] as? String ?? "?")",
        ]
        if let original = payload["originalTransactionId"] as? String, original != payload["transactionId"] as? String {
            parts.append("original \(original)")
        }
        if let date = payload["purchaseDate"] as? Int64 { parts.append("purchased \(self.date(date))") }
        if let expires = payload["expiresDate"] as? Int64 { parts.append("expires \(self.date(expires))") }
        if let revoked = payload["revocationDate"] as? Int64 { parts.append("REVOKED \(self.date(revoked))") }
        return parts.joined(separator: "  ")
    }

    /// A one-line description of a subscription status answer.
    static func status(_ status: [String: Any]) -> String {
        let renewal = status["renewalInfo"] as? [String: Any] ?? [:]
        let autoRenew = (renewal["autoRenewStatus"] as? Int) == 1 ? "auto-renew on" : "auto-renew off"
        let expires = ((status["transaction"] as? [String: Any])?["transaction"] as? [String: Any])?["expiresDate"] as? Int64
        return "subscription \(status["originalTransactionId"] as? String ?? "?")  \(status["state"] as? String ?? "?")  \(autoRenew)"
            + (expires.map { "  expires \(date($0))" } ?? "")
    }

    /// An ISO 8601 date from milliseconds since 1970.
    static func date(_ milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(.iso8601)
    }
}
