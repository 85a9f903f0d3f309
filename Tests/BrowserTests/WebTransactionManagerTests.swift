import Foundation
import Testing

/// The web transaction manager in real headless Chromium against a real `tienda serve`: a person's clicks
/// (create an account, buy, advance the clock, refund) and what both the page and the server say afterwards.
///
/// Screenshots go to `$TIENDA_SCREENSHOTS` (`make screenshots` sets it to docs/screenshots) or else a temporary
/// directory. Without Chromium (Debian's `chromium`, or `$TIENDA_CHROMIUM`) the suite is skipped, unless
/// `TIENDA_REQUIRE_CHROMIUM=1` (CI sets it) makes that a failure.
@Suite(
    .serialized,
    .enabled(
        if: DevToolsPipe.executable != nil || ProcessInfo.processInfo.environment["TIENDA_REQUIRE_CHROMIUM"] == "1",
        "Chromium is not installed: apt-get install chromium, or set TIENDA_CHROMIUM")
)
struct WebTransactionManagerTests {
    static let product = "com.tienda.example.pro.monthly"

    static var screenshots: URL {
        if let directory = ProcessInfo.processInfo.environment["TIENDA_SCREENSHOTS"], !directory.isEmpty {
            return URL(fileURLWithPath: directory, relativeTo: EmulatorProcess.packageRoot)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("tienda-screenshots")
    }

    static func save(_ page: BrowserPage, _ name: String) async throws {
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        try await page.screenshot().write(to: screenshots.appendingPathComponent("\(name).png"))
    }

    @Test func buyAdvanceAndRefundShowOnThePageAndInTheServer() async throws {
        let server = try EmulatorProcess()
        defer { server.stop() }
        try await server.waitUntilServing()
        let chromium = try #require(DevToolsPipe.executable, "TIENDA_REQUIRE_CHROMIUM=1 but Chromium is not installed")
        let browser = try DevToolsPipe(executable: chromium)
        defer { browser.shutDown() }
        let page = try await BrowserPage.open(in: browser)

        try await page.navigate(to: server.baseURL)
        try await page.waitForStatus(containing: "Load: done.")
        #expect(try await page.text.contains(Self.product))

        try await page.type("alice", into: "New account")
        try await page.click(role: "button", name: "Create account")
        try await page.waitForStatus(containing: "Create account alice: done.")

        try await page.click(role: "button", name: "Buy \(Self.product)")
        try await page.waitForStatus(containing: "Buy \(Self.product): done.")
        try await page.waitUntil("document.querySelectorAll('#transactions tbody tr[data-transaction-id]').length === 1", "one transaction row")
        try await page.waitUntil("document.querySelector('#subscriptions svg.timeline')", "the subscription's timeline")
        try await Self.save(page, "1-bought")

        try await page.type("1M", into: "Advance the clock by")
        try await page.click(role: "button", name: "Advance")
        try await page.waitForStatus(containing: "Advance the clock by 1M: done.")
        try await page.waitUntil("document.querySelectorAll('#transactions tbody tr[data-transaction-id]').length === 2", "the renewal's row")
        try await Self.save(page, "2-renewed")

        let newest = try #require(try await page.evaluate(
            "document.querySelector('#transactions tbody tr[data-transaction-id]').dataset.transactionId") as? String)
        try await page.click(role: "button", name: "Refund \(newest)")
        try await page.waitForStatus(containing: "Refund \(newest): done.")
        try await page.waitUntil("document.querySelector('#subscriptions svg.timeline g.revocation')", "the refund on the timeline")
        try await page.waitUntil("document.querySelector('#notifications').innerText.includes('REFUND')", "the REFUND notification")
        try await Self.save(page, "3-refunded")

        // The page: two transactions, the newest refunded and no longer refundable, the notifications sent.
        let rows = try #require(try await page.evaluate("""
            [...document.querySelectorAll('#transactions tbody tr[data-transaction-id]')].map(r => r.innerText)
            """) as? [String])
        #expect(rows.count == 2)
        #expect(rows.first?.contains("refunded") == true)
        #expect(rows.last?.contains("Refund") == true)
        await #expect(throws: (any Error).self) { try await page.element(role: "button", name: "Refund \(newest)") }
        let notifications = try await page.evaluate("document.querySelector('#notifications').innerText") as? String ?? ""
        for type in ["SUBSCRIBED", "DID_RENEW", "REFUND"] { #expect(notifications.contains(type), "\(type) in \(notifications)") }
        let refundPayload = try await page.evaluate("""
            [...document.querySelectorAll('#notifications tbody tr')].find(r => r.innerText.includes('REFUND')).querySelector('pre').textContent
            """) as? String ?? ""
        #expect(refundPayload.contains("\"revocationDate\""), "the REFUND payload's transaction is decoded: \(refundPayload)")
        let described = try await page.evaluate("document.querySelector('#subscriptions svg.timeline desc').textContent") as? String ?? ""
        #expect(described.contains("refunded or revoked on"))

        // The server: the same two transactions, the newest with a revocation date.
        let answer = try await server.control("GET", "accounts/alice/transactions?bundleId=com.tienda.example")
        let transactions = Self.payloads(answer)
        #expect(transactions.count == 2)
        let refunded = transactions.first { $0["transactionId"] as? String == newest }
        #expect(refunded?["revocationDate"] != nil)
        #expect(transactions.filter { $0["revocationDate"] != nil }.count == 1)
    }

    @Test func askToBuyBillingTroubleAndAutoRenewThroughThePage() async throws {
        let server = try EmulatorProcess()
        defer { server.stop() }
        try await server.waitUntilServing()
        let chromium = try #require(DevToolsPipe.executable, "TIENDA_REQUIRE_CHROMIUM=1 but Chromium is not installed")
        let browser = try DevToolsPipe(executable: chromium)
        defer { browser.shutDown() }
        let page = try await BrowserPage.open(in: browser)
        try await page.navigate(to: server.baseURL)
        try await page.waitForStatus(containing: "Load: done.")
        try await page.type("bob", into: "New account")
        try await page.click(role: "button", name: "Create account")
        try await page.waitForStatus(containing: "Create account bob: done.")

        // Ask to Buy: the purchase waits until a parent approves it.
        try await page.click(role: "checkbox", name: "Ask to Buy (purchases wait for a parent's approval)")
        try await page.click(role: "button", name: "Buy \(Self.product)")
        try await page.waitForStatus(containing: "Waiting for approval.")
        let pending = try await server.control("GET", "pending?accountId=bob")
        let request = try #require(((pending as? [String: Any])?["pending"] as? [[String: Any]])?.first?["id"] as? String)
        #expect(try await page.text.contains("No transactions yet."))
        try await page.click(role: "button", name: "Approve request \(request)")
        try await page.waitForStatus(containing: "Approve request \(request): done.")
        let otid = try #require(try await page.evaluate(
            "document.querySelector('#subscriptions article').dataset.originalTransactionId") as? String)

        // A second request, declined: nothing is bought.
        try await page.click(role: "button", name: "Buy com.tienda.example.coins.100")
        try await page.waitForStatus(containing: "Waiting for approval.")
        let second = try await server.control("GET", "pending?accountId=bob")
        let declined = try #require(((second as? [String: Any])?["pending"] as? [[String: Any]])?.first?["id"] as? String)
        try await page.click(role: "button", name: "Decline request \(declined)")
        try await page.waitForStatus(containing: "Decline request \(declined): done.")
        #expect(try await page.text.contains("No purchase is waiting for approval."))
        let bought = Self.payloads(try await server.control("GET", "accounts/bob/transactions"))
        #expect(bought.map { $0["productId"] as? String } == [Self.product])

        // Billing fails at the renewal: the grace period the catalog enables, drawn on the timeline.
        try await page.click(role: "button", name: "Billing failure \(otid)")
        try await page.waitForStatus(containing: "Billing failure \(otid): done.")
        try await page.type("1M", into: "Advance the clock by")
        try await page.click(role: "button", name: "Advance")
        try await page.waitForStatus(containing: "Advance the clock by 1M: done.")
        try await page.waitUntil("document.querySelector('#subscriptions svg.timeline g.stretch.grace')", "the grace period on the timeline")
        #expect(try await page.text.contains("grace period"))
        try await Self.save(page, "4-grace-period")
        var status = try await server.control("GET", "subscriptions/\(otid)") as? [String: Any]
        #expect(status?["state"] as? String == "inGracePeriod")

        // Fixed: active again; then auto-renew off.
        try await page.click(role: "button", name: "Resolve billing \(otid)")
        try await page.waitForStatus(containing: "Resolve billing \(otid): done.")
        try await page.click(role: "button", name: "Auto-renew off \(otid)")
        try await page.waitForStatus(containing: "Auto-renew off \(otid): done.")
        _ = try await page.element(role: "button", name: "Auto-renew on \(otid)")
        status = try await server.control("GET", "subscriptions/\(otid)") as? [String: Any]
        #expect(status?["state"] as? String == "subscribed")
        #expect((status?["renewalInfo"] as? [String: Any])?["autoRenewStatus"] as? Int == 0)
        let notifications = try await page.evaluate("document.querySelector('#notifications').innerText") as? String ?? ""
        for type in ["DID_FAIL_TO_RENEW", "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS"] {
            #expect(notifications.contains(type), "\(type) in \(notifications)")
        }
    }

    @Test func renewPriceIncreaseChangePlanAndExpireThroughThePage() async throws {
        let server = try EmulatorProcess()
        defer { server.stop() }
        try await server.waitUntilServing()
        let chromium = try #require(DevToolsPipe.executable, "TIENDA_REQUIRE_CHROMIUM=1 but Chromium is not installed")
        let browser = try DevToolsPipe(executable: chromium)
        defer { browser.shutDown() }
        let page = try await BrowserPage.open(in: browser)
        try await page.navigate(to: server.baseURL)
        try await page.waitForStatus(containing: "Load: done.")
        try await page.type("carol", into: "New account")
        try await page.click(role: "button", name: "Create account")
        try await page.waitForStatus(containing: "Create account carol: done.")
        try await page.click(role: "button", name: "Buy \(Self.product)")
        try await page.waitForStatus(containing: "Buy \(Self.product): done.")
        let otid = try #require(try await page.evaluate(
            "document.querySelector('#subscriptions article').dataset.originalTransactionId") as? String)

        try await page.click(role: "button", name: "Force renew \(otid)")
        try await page.waitForStatus(containing: "Force renew \(otid): done.")
        try await page.waitUntil("document.querySelectorAll('#transactions tbody tr[data-transaction-id]').length === 2", "the forced renewal's row")

        try await page.type("5990", into: "New price for \(otid)")
        try await page.click(role: "button", name: "Price increase \(otid)")
        try await page.waitForStatus(containing: "Price increase \(otid): done.")
        try await page.click(role: "button", name: "Accept price increase \(otid)")
        try await page.waitForStatus(containing: "Accept price increase \(otid): done.")
        var status = try await server.control("GET", "subscriptions/\(otid)") as? [String: Any]
        #expect((status?["renewalInfo"] as? [String: Any])?["priceIncreaseStatus"] as? Int == 1)
        #expect(try await page.text.contains("accepted"))

        try await page.click(role: "button", name: "Change plan \(otid)")
        try await page.waitForStatus(containing: "Change plan \(otid): done.")
        status = try await server.control("GET", "subscriptions/\(otid)") as? [String: Any]
        let changedTo = try await page.evaluate("document.querySelector('#subscriptions h3').textContent") as? String ?? ""
        let renewsAs = (status?["renewalInfo"] as? [String: Any])?["autoRenewProductId"] as? String
        let current = ((status?["transaction"] as? [String: Any])?["transaction"] as? [String: Any])?["productId"] as? String
        #expect(renewsAs == "com.tienda.example.pro.yearly" || current == "com.tienda.example.pro.yearly", "\(String(describing: status))")
        #expect(changedTo.contains("com.tienda.example.pro.") )

        try await page.click(role: "button", name: "Expire \(otid)")
        try await page.waitForStatus(containing: "Expire \(otid): done.")
        try await page.waitUntil("document.querySelector('#subscriptions h3').textContent.includes('expired')", "the expired state")
        status = try await server.control("GET", "subscriptions/\(otid)") as? [String: Any]
        #expect(status?["state"] as? String == "expired")
        let notifications = try await page.evaluate("document.querySelector('#notifications').innerText") as? String ?? ""
        for type in ["PRICE_INCREASE", "DID_CHANGE_RENEWAL_PREF", "EXPIRED"] {
            #expect(notifications.contains(type), "\(type) in \(notifications)")
        }
        try await Self.save(page, "5-expired")

        // Reset: the app's transactions are gone, on the page and in the server.
        try await page.click(role: "button", name: "Reset")
        try await page.waitForStatus(containing: "Reset com.tienda.example: done.")
        #expect(try await page.text.contains("No transactions yet."))
        #expect(try await page.text.contains("No subscriptions."))
        #expect(Self.payloads(try await server.control("GET", "accounts/carol/transactions")).isEmpty)
    }

    /// Transactions from a control API answer: decoded objects, or JWS strings whose payloads are decoded here.
    static func payloads(_ answer: Any) -> [[String: Any]] {
        let items = (answer as? [Any]) ?? ((answer as? [String: Any])?["transactions"] as? [Any]) ?? []
        return items.compactMap { item -> [String: Any]? in
            if let object = item as? [String: Any] {
                if let payload = object["payload"] as? [String: Any] { return payload }
                if let wrapped = object["transaction"] as? [String: Any] { return payloads([wrapped]).first }
                for key in ["signedTransaction", "signedTransactionInfo", "jws"] {
                    if let jws = object[key] as? String { return decode(jws) }
                }
                return object
            }
            return (item as? String).flatMap(decode)
        }
    }

    static func decode(_ jws: String) -> [String: Any]? {
        let parts = jws.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}
