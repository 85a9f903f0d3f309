import StoreModel

/// A human summary of one `.storekit` file: products by kind, groups and levels, offers, settings, warnings.
struct CatalogSummary {
    let configuration: StoreKitConfiguration

    /// The summary as lines of text.
    func lines() -> [String] {
        let settings = configuration.settings
        var lines = [heading()]
        lines.append("  " + countsLine())
        lines.append("")
        if !standaloneProducts.isEmpty {
            var table = TextTable(headers: ["Product", "Kind", "Price", "Family", "Name"])
            for product in standaloneProducts {
                table.rows.append([
                    product.productID, product.kind.rawValue, price(product.displayPrice),
                    product.familyShareable ? "yes" : "no", product.displayName(for: settings.locale) ?? "",
                ])
            }
            lines += table.render()
            lines.append("")
        }
        for group in configuration.subscriptionGroups {
            lines.append("  Group \"\(group.displayName(for: settings.locale))\" (\(group.id))")
            var table = TextTable(headers: ["Level", "Product", "Period", "Price", "Introductory offer", "Other offers"])
            for subscription in group.subscriptionsByLevel {
                table.rows.append([
                    String(subscription.groupNumber), subscription.productID,
                    subscription.recurringSubscriptionPeriod.iso8601, price(subscription.displayPrice),
                    introductoryOffers(of: subscription), otherOffers(of: subscription),
                ])
            }
            lines += table.render(indent: "    ")
            lines.append("")
        }
        lines.append("  Settings: " + settingsLine())
        lines.append("  Simulated errors: " + simulatedErrorsLine())
        if configuration.warnings.isEmpty {
            lines.append("  Warnings: none")
        } else {
            lines.append("  Warnings (\(configuration.warnings.count)):")
            lines += configuration.warnings.map { "    - \($0.path): \($0.message)" }
        }
        return lines
    }

    private var standaloneProducts: [StoreKitProduct] {
        configuration.products + configuration.nonRenewingSubscriptions
    }

    private func heading() -> String {
        var parts = [configuration.fileName]
        if let version = configuration.version { parts.append("format \(version.major).\(version.minor)") }
        if let identifier = configuration.identifier { parts.append("identifier \(identifier)") }
        return parts.joined(separator: " — ")
    }

    private func countsLine() -> String {
        let all = configuration.allProducts
        let kinds: [(StoreKitProductKind, String)] = [
            (.consumable, "consumable"), (.nonConsumable, "non-consumable"),
            (.nonRenewingSubscription, "non-renewing"), (.autoRenewableSubscription, "auto-renewable"),
        ]
        let counts = kinds.map { kind, name in "\(all.filter { $0.kind == kind }.count) \(name)" }
        let groups = configuration.subscriptionGroups.count
        return "\(all.count) product\(all.count == 1 ? "" : "s") (\(counts.joined(separator: ", "))), "
            + "\(groups) subscription group\(groups == 1 ? "" : "s")"
    }

    private func price(_ price: DisplayPrice) -> String {
        price.text.isEmpty ? "—" : price.text
    }

    private func describe(_ offer: some SubscriptionOffer) -> String {
        let count = offer.numberOfPeriods > 1 ? "\(offer.numberOfPeriods)×" : ""
        let price = offer.displayPrice.map { " \($0.text)" } ?? ""
        return "\(offer.paymentMode.rawValue)\(price) \(count)\(offer.subscriptionPeriod.iso8601)"
    }

    private func introductoryOffers(of subscription: StoreKitSubscription) -> String {
        var offers = subscription.introductoryOffers
        if offers.isEmpty, let single = subscription.introductoryOffer { offers = [single] }
        return offers.isEmpty ? "—" : offers.map(describe).joined(separator: "; ")
    }

    private func otherOffers(of subscription: StoreKitSubscription) -> String {
        var parts: [String] = []
        if !subscription.promotionalOffers.isEmpty { parts.append("\(subscription.promotionalOffers.count) promotional") }
        if !subscription.offerCodes.isEmpty { parts.append("\(subscription.offerCodes.count) offer code") }
        if !subscription.winBackOffers.isEmpty { parts.append("\(subscription.winBackOffers.count) win-back") }
        if !subscription.billingPlans.isEmpty { parts.append("\(subscription.billingPlans.count) billing plan") }
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }

    private func settingsLine() -> String {
        let settings = configuration.settings
        let rate = settings.timeRate.name.map { "\(settings.timeRate.rawValue) (\($0))" } ?? "\(settings.timeRate.rawValue)"
        func onOff(_ flag: Bool) -> String { flag ? "on" : "off" }
        return [
            "time rate \(rate)", "storefront \(settings.storefront)", "locale \(settings.locale)",
            "Ask to Buy \(onOff(settings.askToBuyEnabled))",
            "interrupted purchases \(onOff(settings.interruptedPurchasesEnabled))",
            "billing retry on renewal \(onOff(settings.billingRetryOnRenewalEnabled))",
            "grace period \(onOff(settings.billingGracePeriodEnabled))",
            "dialogs \(settings.disableDialogs ? "off" : "on")",
        ].joined(separator: ", ")
    }

    private func simulatedErrorsLine() -> String {
        let active = configuration.settings.storeKitErrors.compactMap { setting in
            setting.activeError.map { "\(setting.api.rawValue): \($0)" }
        }
        return active.isEmpty ? "none" : active.joined(separator: "; ")
    }
}
