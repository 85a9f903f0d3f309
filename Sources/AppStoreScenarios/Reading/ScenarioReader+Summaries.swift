import AppStoreEngine
import StoreModel

/// One-line summaries of steps for timelines: `buy pro.monthly (alice)`, `advance P1M`, `refund pro (50%)`.
extension ScenarioReader {
    func summary(of action: ScenarioAction) -> String {
        func name(_ target: ScenarioTarget) -> String { target.summary(bundleId: bundleId) }
        func short(_ productId: String) -> String { ScenarioNames.short(productId, bundleId: bundleId) }
        switch action {
        case .buy(let purchase):
            var text = "buy \(short(purchase.productId))"
            if purchase.quantity > 1 { text += " ×\(purchase.quantity)" }
            text += " (\(purchase.accountId))"
            if let offer = purchase.offer { text += ", \(offer.summary)" }
            if purchase.askToBuy == true { text += ", ask to buy" }
            if purchase.origin == .outsideApp { text += ", outside the app" }
            return text
        case .approve(let target): return "approve \(name(target))"
        case .decline(let target): return "decline \(name(target))"
        case .advance(let duration): return "advance \(duration)"
        case .advanceTo(let instant): return "advance to \(ScenarioDate.text(instant))"
        case .failBilling(let target, let grace):
            return "fail billing of \(name(target))" + (grace.map { $0 ? ", grace on" : ", grace off" } ?? "")
        case .resolveBilling(let target): return "resolve billing of \(name(target))"
        case .autoRenew(let target, let enabled): return "auto-renew \(enabled ? "on" : "off") for \(name(target))"
        case .changePlan(let target, let productId): return "change \(name(target)) to \(short(productId))"
        case .refund(let target, let amount, let reason):
            var text = "refund \(name(target))"
            if case .prorated(let share) = amount { text += " \(Self.percent(share))" }
            if reason == .refundedDueToIssue { text += ", app issue" }
            return text
        case .requestRefund(let target, _): return "request refund of \(name(target))"
        case .declineRefund(let target): return "decline refund of \(name(target))"
        case .reverseRefund(let target): return "reverse refund of \(name(target))"
        case .consumptionRequest(let target, _): return "consumption request for \(name(target))"
        case .familyGroup(let account, let group):
            return group.map { "\(account) joins family \($0)" } ?? "\(account) leaves the family"
        case .revokeFamily(let member, let target): return "revoke \(member)'s share of \(name(target))"
        case .priceIncrease(let target, let milliunits, let consent):
            return "price of \(name(target)) to \(Self.price(milliunits))" + (consent ? " (needs consent)" : "")
        case .respondToPriceIncrease(let target, let accepted):
            return "\(accepted ? "accept" : "decline") price increase of \(name(target))"
        case .availability(let productId, let forSale): return "\(forSale ? "put" : "remove") \(short(productId)) \(forSale ? "on" : "from") sale"
        case .extend(let target, let days, _): return "extend \(name(target)) by \(days) days"
        case .extendAll(let productId, let days, _, _): return "extend all \(short(productId)) by \(days) days"
        case .setToken(let target, let token): return token == nil ? "clear token of \(name(target))" : "set token of \(name(target))"
        case .expire(let target): return "expire \(name(target))"
        case .forceRenew(let target): return "force renewal of \(name(target))"
        case .finish(let target): return "finish \(name(target))"
        case .expect(let expectation):
            var parts: [String] = []
            if let status = expectation.status { parts.append("\(name(status.target)) \(status.state.rawValue)") }
            if let entitlements = expectation.entitlements { parts.append("entitlements (\(entitlements.accountId))") }
            if let notifications = expectation.notifications {
                parts.append("\(notifications.count) notification\(notifications.count == 1 ? "" : "s")")
            }
            return "expect " + parts.joined(separator: ", ")
        }
    }

    /// `25%` or `12.5%` from milliunits of a percent.
    static func percent(_ milliunits: Int32) -> String {
        milliunits % 1000 == 0 ? "\(milliunits / 1000)%" : "\(Double(milliunits) / 1000)%"
    }

    /// `5.99` from 5990 milliunits.
    static func price(_ milliunits: Int64) -> String {
        let cents = (milliunits + 5) / 10
        return "\(cents / 100).\(String(cents % 100).leftPadded(to: 2))"
    }
}
