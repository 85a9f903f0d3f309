import Foundation
import TiendaKit

/// The storefront as text: status, products with localized prices, the keys, and what just happened.
@MainActor
struct ShopScreen {
    let store: Store
    let clock: Date?
    let notice: String?
    /// The failure to show (the store's last error, until the customer moves on).
    let error: StoreMessage?
    let canControlTime: Bool

    /// Clears the terminal and moves to its top-left corner.
    static let clear = "\u{1B}[H\u{1B}[2J"

    /// The screen's lines.
    func lines() -> [String] {
        var lines = ["TIENDA — example storefront", ""]
        var status = "Status: \(store.isPro ? "Pro" : "Free")"
        if store.hasLegacyAccess { status += " (kept from before the paid version)" }
        let others = store.capabilities.subtracting([.pro]).sorted().map(\.rawValue)
        if !others.isEmpty { status += " + " + others.joined(separator: ", ") }
        lines.append(status)
        lines.append("Subscription: \(store.subscriptionState?.description ?? "None")")
        lines.append("Coins: \(store.balance)")
        if let clock { lines.append("Clock: " + clock.formatted(Date.ISO8601FormatStyle().year().month().day())) }
        lines.append("")
        lines.append(contentsOf: productLines())
        lines.append("")
        var keys = ["r) Restore purchases"]
        if store.balance > 0 { keys.append("s) Spend 10 coins") }
        if canControlTime { keys.append("t) Advance the clock a month") }
        keys.append("q) Quit")
        lines.append("  " + keys.joined(separator: "   "))
        lines.append("")
        if !store.pendingProductIDs.isEmpty {
            lines.append("Waiting for approval: " + store.pendingProductIDs.sorted().joined(separator: ", "))
        }
        if let notice { lines.append(notice) }
        if let error { lines.append("! " + error.text) }
        return lines
    }

    private func productLines() -> [String] {
        switch store.catalogState {
        case .idle, .loading:
            return ["  Loading products…"]
        case .unavailable:
            return ["  The store isn't available right now."]
        case .loaded:
            var table = TextTable(headers: ["#", "Product", "Price", ""])
            for (index, product) in store.products.enumerated() {
                let owned = store.ownedProductIDs.contains(product.id) ? "owned" : ""
                table.rows.append(["\(index + 1)", product.displayName, product.displayPrice, owned])
            }
            return table.render()
        }
    }

    /// The text of a restore outcome.
    static func describe(_ outcome: RestoreOutcome) -> String {
        switch outcome {
        case .restored(let count): "\(count) purchase\(count == 1 ? "" : "s") restored."
        case .noneFound: "No purchases found for this account."
        case .failed: "failed."
        case .cancelled: "Cancelled."
        }
    }
}
