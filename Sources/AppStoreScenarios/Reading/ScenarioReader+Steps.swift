import Foundation
import AppStoreEngine
import StoreModel

/// Steps: the `do` value picks the kind, which says which keys the step takes.
extension ScenarioReader {
    /// Every `do` value.
    static let kinds = [
        "buy", "approve", "decline", "advance", "failBilling", "resolveBilling", "autoRenew", "changePlan", "refund",
        "requestRefund", "declineRefund", "reverseRefund", "consumptionRequest", "familyGroup", "revokeFamily",
        "priceIncrease", "acceptPriceIncrease", "declinePriceIncrease", "removeFromSale", "putOnSale", "extend",
        "extendAll", "setToken", "expire", "forceRenew", "finish", "expect",
    ]

    func readStep(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioStep {
        let object = try node.object()
        let kind = try object.required("do", expected: "what the step does, one of \(Self.kinds.joined(separator: ", "))")
            .choice(Self.kinds)
        try object.rejectUnknownKeys(allowed: ["do", "comment"] + Self.keys(of: kind))
        let index = node.path.components.last.flatMap { component -> Int? in
            if case .index(let index) = component { return index }
            return nil
        } ?? 0
        let action = try readAction(kind, object)
        return ScenarioStep(
            index: index, action: action, comment: try object.string("comment"), summary: summary(of: action))
    }

    /// The keys a kind of step takes besides `do` and `comment`.
    static func keys(of kind: String) -> [String] {
        switch kind {
        case "buy": return ["product", "account", "quantity", "appAccountToken", "offer", "askToBuy", "origin", "as"]
        case "approve", "decline": return TargetKind.purchase.keys
        case "advance": return ["by", "to"]
        case "failBilling": return TargetKind.subscription.keys + ["grace"]
        case "autoRenew": return TargetKind.subscription.keys + ["enabled"]
        case "changePlan": return TargetKind.subscription.keys + ["to"]
        case "refund": return TargetKind.transaction.keys + ["percentage", "reason"]
        case "requestRefund", "consumptionRequest": return TargetKind.transaction.keys + ["reason"]
        case "declineRefund", "reverseRefund", "finish": return TargetKind.transaction.keys
        case "familyGroup": return ["account", "group"]
        case "revokeFamily": return TargetKind.purchase.keys + ["member"]
        case "priceIncrease": return TargetKind.subscription.keys + ["price", "consent"]
        case "removeFromSale", "putOnSale": return ["product"]
        case "extend": return TargetKind.subscription.keys + ["days", "reason"]
        case "extendAll": return ["product", "days", "reason", "storefronts"]
        case "setToken": return TargetKind.transaction.keys + ["appAccountToken"]
        case "expect": return TargetKind.subscription.keys + ["status", "entitlements", "notifications"]
        default: return TargetKind.subscription.keys
        }
    }

    private func readAction(_ kind: String, _ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        switch kind {
        case "buy": return .buy(try readPurchase(object))
        case "approve": return .approve(try target(in: object, kind: .purchase))
        case "decline": return .decline(try target(in: object, kind: .purchase))
        case "advance": return try readAdvance(object)
        case "failBilling": return .failBilling(try target(in: object, kind: .subscription), grace: try object.bool("grace"))
        case "resolveBilling": return .resolveBilling(try target(in: object, kind: .subscription))
        case "autoRenew":
            let enabled = try object.required("enabled", expected: "true (auto-renew on) or false (off)").bool()
            return .autoRenew(try target(in: object, kind: .subscription), enabled: enabled)
        case "changePlan": return try readPlanChange(object)
        case "refund": return try readRefund(object)
        case "requestRefund":
            return .requestRefund(try target(in: object, kind: .transaction), reason: try consumptionReason(object, default: .unintendedPurchase))
        case "consumptionRequest":
            return .consumptionRequest(try target(in: object, kind: .transaction), reason: try consumptionReason(object, default: .other))
        case "declineRefund": return .declineRefund(try target(in: object, kind: .transaction))
        case "reverseRefund": return .reverseRefund(try target(in: object, kind: .transaction))
        case "finish": return .finish(try target(in: object, kind: .transaction))
        case "familyGroup": return try readFamilyGroup(object)
        case "revokeFamily":
            let member = try account(object.required("member", expected: "the family member who loses access"))
            return .revokeFamily(memberId: member, try target(in: object, kind: .purchase))
        case "priceIncrease": return try readPriceIncrease(object)
        case "acceptPriceIncrease": return .respondToPriceIncrease(try target(in: object, kind: .subscription), accepted: true)
        case "declinePriceIncrease": return .respondToPriceIncrease(try target(in: object, kind: .subscription), accepted: false)
        case "removeFromSale", "putOnSale":
            let product = try product(object.required("product", expected: "a product ID of \(catalogName)"))
            return .availability(productId: product, forSale: kind == "putOnSale")
        case "extend":
            return .extend(try target(in: object, kind: .subscription), days: try days(object), reason: try extendReason(object))
        case "extendAll": return try readMassExtension(object)
        case "setToken": return try readSetToken(object)
        case "expire": return .expire(try target(in: object, kind: .subscription))
        case "forceRenew": return .forceRenew(try target(in: object, kind: .subscription))
        default: return .expect(try readExpectation(object))
        }
    }

    private func readPurchase(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioPurchase {
        let productNode = try object.required("product", expected: "a product ID of \(catalogName)")
        let productId = try product(productNode)
        let kind = catalog.product(id: productId)?.kind
        var purchase = ScenarioPurchase(
            accountId: try account(in: object), productId: productId, quantity: 1, origin: .app)
        if let node = object.child("quantity") {
            let multiple = kind == .consumable || kind == .nonRenewingSubscription
            let quantity = try node.int(expected: multiple ? "a quantity from 1 to 10" : "1")
            guard (multiple ? 1...10 : 1...1).contains(quantity) else {
                throw node.error(.invalid(multiple
                    ? "\(quantity) is not a quantity from 1 to 10"
                    : "only consumables and non-renewing subscriptions are bought in quantity; \(productId) takes 1"))
            }
            purchase.quantity = quantity
        }
        if let node = object.child("appAccountToken") { purchase.appAccountToken = try uuid(node) }
        if let node = object.child("offer") { purchase.offer = try offer(node, productId: productId) }
        purchase.askToBuy = try object.bool("askToBuy")
        if let node = object.child("origin") {
            purchase.origin = try node.choice(["app", "outsideApp"]) == "app" ? .app : .outsideApp
        }
        if let node = object.child("as") {
            let label = try node.string(expected: "a label later steps name the purchase by")
            guard !label.isEmpty else { throw node.error(.invalid("a label cannot be empty")) }
            guard labels[label] == nil else { throw node.error(.invalid("the label \(ScenarioText.quoted(label)) is already used")) }
            labels[label] = (purchase.accountId, productId)
            purchase.label = label
        }
        return purchase
    }

    private func readAdvance(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        switch (object.child("by"), object.child("to")) {
        case (let by?, nil):
            let text = try by.string(expected: "an ISO 8601 duration such as \"P1M\", \"P3D\" or \"PT5M\"")
            guard let duration = ScenarioDuration(iso8601: text), !duration.isZero else {
                throw by.wrongType(expected: "an ISO 8601 duration such as \"P1M\", \"P3D\" or \"PT5M\"")
            }
            clock = duration.added(to: clock)
            return .advance(duration)
        case (nil, let to?):
            let instant = try ScenarioDate.read(to)
            guard instant >= clock else {
                throw to.error(.invalid("\(ScenarioDate.iso8601(instant)) is before the clock at this step (\(ScenarioDate.iso8601(clock))); the clock only moves forward"))
            }
            clock = instant
            return .advanceTo(instant)
        case (nil, nil):
            throw object.error(at: "by", .missing(expected: "by (an ISO 8601 duration such as \"P1M\") or to (a date)"))
        case (_?, _?):
            throw object.error(at: "to", .invalid("give either by or to, not both"))
        }
    }

    private func readPlanChange(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        let subscription = try target(in: object, kind: .subscription)
        let node = try object.required("to", expected: "the subscription to change to")
        let productId = try product(node, kind: .autoRenewableSubscription)
        if let current = subscription.productId, catalog.group(of: current)?.id != catalog.group(of: productId)?.id {
            throw node.error(.invalid("\(ScenarioText.quoted(productId)) is not in the group of \(ScenarioText.quoted(current))"))
        }
        return .changePlan(subscription, productId: productId)
    }

    private func readRefund(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        let transaction = try target(in: object, kind: .transaction)
        var amount = RefundAmount.full
        if let node = object.child("percentage") {
            let percentage = try node.double(expected: "the refunded share in percent, more than 0 and at most 100")
            guard percentage > 0, percentage <= 100 else {
                throw node.wrongType(expected: "the refunded share in percent, more than 0 and at most 100")
            }
            if percentage < 100 { amount = .prorated(percentage: Int32((percentage * 1000).rounded())) }
        }
        var reason = RevocationReason.refundedForOtherReason
        if let node = object.child("reason"), try node.choice(["other", "appIssue"]) == "appIssue" {
            reason = .refundedDueToIssue
        }
        return .refund(transaction, amount: amount, reason: reason)
    }

    private func readFamilyGroup(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        let accountId = try account(object.required("account", expected: "the account that joins or leaves"))
        guard object.members.keys.contains("group") else {
            throw object.error(at: "group", .missing(expected: "the group to join, or null to leave"))
        }
        return .familyGroup(accountId: accountId, group: try object.string("group"))
    }

    private func readPriceIncrease(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        let subscription = try target(in: object, kind: .subscription)
        let expected = "the new price per period, e.g. \"5.99\""
        let node = try object.required("price", expected: expected)
        let text = node.value is String ? try node.string(expected: expected) : "\(try node.double(expected: expected))"
        guard let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), price > 0,
            let milliunits = Int64(exactly: NSDecimalNumber(decimal: price * 1000).doubleValue)
        else { throw node.wrongType(expected: expected) }
        return .priceIncrease(subscription, milliunits: milliunits, requiresConsent: try object.bool("consent") ?? true)
    }

    private func readMassExtension(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        let product = try product(object.required("product", expected: "a subscription of \(catalogName)"), kind: .autoRenewableSubscription)
        var storefronts: [String] = []
        for node in try object.child("storefronts")?.array(expected: "an array of storefront country codes") ?? [] {
            let code = try node.string(expected: "a storefront country code such as \"USA\"")
            guard Storefront.known(code) != nil else { throw node.error(.notOneOf(code, allowed: Storefront.table.map(\.countryCode))) }
            storefronts.append(code.uppercased())
        }
        return .extendAll(productId: product, days: try days(object), reason: try extendReason(object), storefronts: storefronts)
    }

    private func readSetToken(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioAction {
        let transaction = try target(in: object, kind: .transaction)
        guard object.members.keys.contains("appAccountToken") else {
            throw object.error(at: "appAccountToken", .missing(expected: "a UUID, or null to clear the token"))
        }
        return .setToken(transaction, token: try object.child("appAccountToken").map { node throws(ScenarioError) in try uuid(node) })
    }

    private func days(_ object: ScenarioObject) throws(ScenarioError) -> Int {
        let node = try object.required("days", expected: "the number of days, 1 to 90")
        let days = try node.int(expected: "the number of days, 1 to 90")
        guard (1...90).contains(days) else { throw node.wrongType(expected: "the number of days, 1 to 90") }
        return days
    }

    private func extendReason(_ object: ScenarioObject) throws(ScenarioError) -> ExtendReasonCode {
        guard let node = object.child("reason") else { return .undeclared }
        let names = ["undeclared", "customerSatisfaction", "other", "serviceIssueOrOutage"]
        return ExtendReasonCode(rawValue: Int32(names.firstIndex(of: try node.choice(names)) ?? 0))
    }

    private func consumptionReason(
        _ object: ScenarioObject, default value: ConsumptionRequestReason
    ) throws(ScenarioError) -> ConsumptionRequestReason {
        guard let node = object.child("reason") else { return value }
        return ConsumptionRequestReason(rawValue: try node.choice(ConsumptionRequestReason.knownValues.map(\.rawValue)))
    }

    private func uuid(_ node: ScenarioNode) throws(ScenarioError) -> UUID {
        let expected = "a UUID such as \"7e3fb20b-4cdb-47cc-936d-99d65f608138\""
        guard let uuid = UUID(uuidString: try node.string(expected: expected)) else { throw node.wrongType(expected: expected) }
        return uuid
    }
}
