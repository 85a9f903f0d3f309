import AppStoreScenarios

/// The EVENT column of a scenario timeline: one line per transaction, notification, note or check.
struct TimelineEventText {
    /// The app, whose bundle ID is left off product IDs.
    let bundleId: String

    /// `+ 2000000000000001  pro.monthly  PURCHASE  until 2024-02-01 00:00:00  0.99 USD  introductory PAY_AS_YOU_GO  alice`
    /// or `~ 2000000000000001  revoked  alice`.
    func transaction(_ entry: TimelineTransaction) -> String {
        var parts: [String]
        switch entry.change {
        case .updated:
            parts = ["~ \(entry.transactionId)", entry.changes.joined(separator: "; ")]
        case .created:
            parts = ["+ \(entry.transactionId)", product(entry.productId) + ((entry.quantity ?? 1) > 1 ? " ×\(entry.quantity ?? 1)" : "")]
            if let reason = entry.transactionReason { parts.append(reason) }
            if let expires = entry.expiresDate { parts.append("until \(expires)") }
            if let price = entry.price, let currency = entry.currency { parts.append("\(Self.amount(price)) \(currency)") }
            if let offer = offer(entry) { parts.append(offer) }
            if entry.ownership == "FAMILY_SHARED" { parts.append("FAMILY_SHARED") }
            if entry.revocationDate != nil { parts.append("revoked") }
        }
        if let account = entry.accountId { parts.append(account) }
        return parts.joined(separator: "  ")
    }

    /// `» DID_FAIL_TO_RENEW/GRACE_PERIOD  status 4  txn 2000000000000001  alice`.
    func notification(_ entry: TimelineNotification) -> String {
        var parts = ["» \(entry.name)"]
        if let status = entry.status { parts.append("status \(status)") }
        if let transaction = entry.transactionId { parts.append("txn \(transaction)") }
        if let account = entry.accountId { parts.append(account) }
        return parts.joined(separator: "  ")
    }

    /// `✓ status of pro (alice) is inGracePeriod`, and for a failed list check its diff lines.
    func expectation(_ result: ExpectationResult) -> [String] {
        guard !result.passed else { return ["✓ \(result.description)"] }
        var lines = ["✗ \(result.description)"]
        if result.diff.isEmpty {
            lines.append("    expected: \(result.expected.isEmpty ? "none" : result.expected.joined(separator: ", "))")
            lines.append("    actual:   \(result.actual.isEmpty ? "none" : result.actual.joined(separator: ", "))")
        } else {
            lines += result.diff.map { "    " + $0 }
        }
        return lines
    }

    private func product(_ productId: String) -> String {
        let prefix = bundleId + "."
        return productId.hasPrefix(prefix) ? String(productId.dropFirst(prefix.count)) : productId
    }

    private func offer(_ entry: TimelineTransaction) -> String? {
        guard let type = entry.offerType else { return nil }
        let names: [Int32: String] = [1: "introductory", 2: "promotional", 3: "offer code", 4: "win-back"]
        return [names[type] ?? "offer \(type)", entry.offerIdentifier, entry.offerDiscountType].compactMap { $0 }
            .joined(separator: " ")
    }

    /// `4.99` from 4990 milliunits (three decimals only when needed).
    static func amount(_ milliunits: Int64) -> String {
        let sign = milliunits < 0 ? "-" : ""
        let value = abs(milliunits)
        let whole = value / 1000
        let fraction = value % 1000
        if fraction % 10 == 0 { return "\(sign)\(whole).\(String(fraction / 10).leftPadded(to: 2, with: "0"))" }
        return "\(sign)\(whole).\(String(fraction).leftPadded(to: 3, with: "0"))"
    }
}
