import Foundation

/// The long scenario the crash test kills `tienda scenario run` in: 40 monthly subscribers bought one by one,
/// billing failures (some recovered in grace, some not), refunds, consumables, auto-renew turned off, and
/// advances of one to eight months, the longest firing about 300 due events in two storage transactions.
enum CrashScenario {
    static let accounts = (0..<40).map { "subscriber-\($0)" }

    /// The steps, as JSON objects.
    static var steps: [[String: Any]] {
        let monthly = "com.tienda.example.pro.monthly"
        var steps: [[String: Any]] = accounts.map { ["do": "buy", "account": $0, "product": monthly, "offer": ["introductory": false]] }
        steps.append(["do": "advance", "by": "P1M"])
        steps += stride(from: 0, to: 40, by: 8).map { ["do": "failBilling", "account": accounts[$0]] }
        steps.append(["do": "advance", "by": "P1M"])
        steps += [0, 8, 16].map { ["do": "resolveBilling", "account": accounts[$0]] }
        steps += [5, 15, 25].map { ["do": "refund", "account": accounts[$0]] }
        steps += (1...4).map { ["do": "buy", "account": accounts[$0], "product": "com.tienda.example.coins.100", "quantity": $0] }
        steps.append(["do": "advance", "by": "P4M"])
        steps += stride(from: 2, to: 40, by: 9).map { ["do": "autoRenew", "account": accounts[$0], "enabled": false] }
        steps.append(["do": "advance", "by": "P8M"])
        return steps
    }

    /// Writes the scenario into `directory` (naming `catalog` by its absolute path) and returns the file.
    static func write(to directory: URL, catalog: URL) throws -> URL {
        let document: [String: Any] = [
            "name": "crash", "storekit": catalog.path, "bundleId": "com.tienda.example", "settings": ["billingGracePeriod": true],
            "accounts": accounts, "steps": steps,
        ]
        let file = directory.appendingPathComponent("crash.json")
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: file)
        return file
    }

    /// Whether the step at `index` may run again after it committed without harm (advances fire only what is still
    /// due; a billing failure is already scheduled), so a continued run can repeat it when unsure.
    static func isRepeatable(_ index: Int) -> Bool {
        let kind = steps[index]["do"] as? String
        return kind == "advance" || kind == "failBilling"
    }
}
