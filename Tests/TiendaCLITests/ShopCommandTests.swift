import Foundation
import Testing

/// `tienda shop` in a real terminal: the seeds' StoreView as a keyboard storefront, driven through tmux.
@Suite(.timeLimit(.minutes(2))) struct ShopCommandTests {
    /// Starts `tienda shop arguments…` in a terminal of its own.
    private func shop(_ arguments: String...) throws -> TmuxSession {
        try TmuxSession(
            [TiendaProcess.executable.path, "shop"] + arguments, directory: TiendaProcess.packageRoot)
    }

    /// The number the screen gives the product called `name`, and its row.
    private func row(of name: String, in screen: String) throws -> (number: String, line: String) {
        let line = try #require(screen.split(separator: "\n").first { $0.contains("  \(name)  ") })
        let number = try #require(line.split(separator: " ").first)
        return (String(number), String(line))
    }

    @Test func theShopShowsStorefrontPricesAndTurnsProWhenASubscriptionIsBought() async throws {
        let terminal = try shop("--storefront", "ESP", "--locale", "es_ES")
        var screen = try await terminal.waitForScreen(containing: "Status: Free", "Pro (mensual)")
        #expect(screen.contains("Subscription: None"))
        let monthly = try row(of: "Pro (mensual)", in: screen)
        #expect(monthly.line.contains("4,99"))
        #expect(monthly.line.contains("€"))
        #expect(!monthly.line.contains("owned"))

        try terminal.type(monthly.number)
        try await terminal.waitForScreen(containing: "Buy Pro (mensual) for 4,99")
        try terminal.type("y")
        screen = try await terminal.waitForScreen(containing: "Bought Pro (mensual).")
        #expect(screen.contains("Status: Pro"))
        #expect(screen.contains("Subscription: Subscribed"))
        #expect(try row(of: "Pro (mensual)", in: screen).line.contains("owned"))

        // A month later the subscription has renewed: still Pro.
        try terminal.type("t")
        screen = try await terminal.waitForScreen(containing: "Clock: 2024-02-01")
        #expect(screen.contains("Status: Pro"))
        #expect(screen.contains("Subscription: Subscribed"))

        try terminal.type("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func restoreSaysWhatItFoundAndEachFailureShowsUntilTheNextKey() async throws {
        let terminal = try shop()
        var screen = try await terminal.waitForScreen(containing: "Status: Free", "Pro for Life")

        // Nothing bought yet: restoring says so rather than doing nothing visible.
        try terminal.type("r")
        try await terminal.waitForScreen(containing: "Sign in to the App Store")
        try terminal.type("y")
        try await terminal.waitForScreen(containing: "Restore: No purchases found for this account.")

        // A failure is shown once, like an alert, and the next key dismisses it.
        try terminal.type("s")
        try await terminal.waitForScreen(containing: "! Not enough coins.")
        try terminal.type("r")
        try await terminal.waitForScreen(containing: "Sign in to the App Store")
        try terminal.type("n")
        screen = try await terminal.waitForScreen(containing: "Restore: Cancelled.")
        #expect(!screen.contains("Not enough coins"))

        // Declining the payment sheet is not an error and changes nothing.
        let lifetime = try row(of: "Pro for Life", in: screen)
        try terminal.type(lifetime.number)
        try await terminal.waitForScreen(containing: "Buy Pro for Life for $49.99?")
        try terminal.type("n")
        screen = try await terminal.waitForScreen(containing: "Purchase cancelled.")
        #expect(screen.contains("Status: Free"))
        #expect(!screen.contains("! "))

        try terminal.type(lifetime.number)
        try await terminal.waitForScreen(containing: "Buy Pro for Life for $49.99?")
        try terminal.type("y")
        screen = try await terminal.waitForScreen(containing: "Bought Pro for Life.")
        #expect(screen.contains("Status: Pro"))

        try terminal.type("r")
        try await terminal.waitForScreen(containing: "Sign in to the App Store")
        try terminal.type("y")
        try await terminal.waitForScreen(containing: "Restore: 1 purchase restored.")

        try terminal.type("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func coinsAreCreditedAndSpent() async throws {
        let terminal = try shop()
        let screen = try await terminal.waitForScreen(containing: "Coins: 0", "100 Coins")
        try terminal.type(try row(of: "100 Coins", in: screen).number)
        try await terminal.waitForScreen(containing: "Buy 100 Coins for $0.99?")
        try terminal.type("y")
        try await terminal.waitForScreen(containing: "Coins: 100", "s) Spend 10 coins")
        try terminal.type("s")
        try await terminal.waitForScreen(containing: "Coins: 90", "Spent 10 coins.")
        try terminal.type("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func aCustomerFromBeforeThePaidVersionIsProWithoutBuying() async throws {
        let terminal = try shop("--original-version", "2", "--legacy-before", "3")
        try await terminal.waitForScreen(containing: "Status: Pro (kept from before the paid version)")
        try terminal.type("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func anUnknownStorefrontIsAUsageError() throws {
        let result = try TiendaProcess.run(["shop", "--storefront", "XYZ"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("unknown storefront 'XYZ'"))
    }
}
