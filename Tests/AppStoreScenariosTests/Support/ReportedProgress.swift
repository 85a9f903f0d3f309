import Foundation

/// What the killed run reported on standard output before it died: the steps it printed as committed, with the
/// notifications and transactions each listed, and the clock after the last one.
struct ReportedProgress {
    struct Step {
        var index: Int
        var kind: String
        var end: String
        var notifications: [(uuid: String, sequence: Int64, name: String)]
        var transactions: [(id: String, change: String)]
    }

    var steps: [Step] = []

    init(lines: [String]) throws {
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let step = object?["step"] as? [String: Any] else { continue }
            let notifications = (step["notifications"] as? [[String: Any]] ?? []).map { entry in
                let name = [entry["notificationType"] as? String, entry["subtype"] as? String].compactMap { $0 }.joined(separator: "/")
                return (entry["notificationUUID"] as? String ?? "", (entry["sequence"] as? NSNumber)?.int64Value ?? 0, name)
            }
            let transactions = (step["transactions"] as? [[String: Any]] ?? []).map { entry in
                (entry["transactionId"] as? String ?? "", entry["change"] as? String ?? "")
            }
            steps.append(Step(
                index: step["index"] as? Int ?? -1, kind: step["kind"] as? String ?? "", end: step["end"] as? String ?? "",
                notifications: notifications, transactions: transactions))
        }
    }

    /// The index of the last step reported, or -1.
    var lastIndex: Int { steps.last?.index ?? -1 }

    /// The highest outbox sequence number reported, or 0.
    var lastSequence: Int64 { steps.flatMap(\.notifications).map(\.sequence).max() ?? 0 }
}
