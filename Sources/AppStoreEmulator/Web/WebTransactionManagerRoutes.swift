import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// The web transaction manager: a page at `/` that shows the catalog, accounts, transactions, subscriptions and
/// notifications and performs every action through the control API (`/control/v1`), plus the one thing the
/// control API does not draw, each subscription's timeline picture.
///
/// Routes:
/// - `GET /`: the page.
/// - `GET /web/app.css`, `GET /web/app.js`: its stylesheet and script.
/// - `GET /web/v1/subscriptions/{originalTransactionId}/timeline.svg`: the ``TimelineSVG`` of a subscription.
public struct WebTransactionManagerRoutes: RouteGroup {
    private let engine: AppStoreEngine
    private let clock: any StoreClock

    /// Serves the page for `engine`, drawing timelines at `clock`'s instant.
    public init(engine: AppStoreEngine, clock: any StoreClock) {
        self.engine = engine
        self.clock = clock
    }

    /// Serves the page for the emulator's engine, drawing timelines at its clock's instant.
    public init(context: EmulatorContext) {
        self.init(engine: context.engine, clock: context.clock)
    }

    /// Adds the page's routes to `router`.
    public func register(on router: inout Router) {
        router.get("/", .synchronous { _, _ in Self.page(WebPage.document, type: "text/html; charset=utf-8") })
        router.get("/web/app.css", .synchronous { _, _ in Self.page(WebPage.stylesheet, type: "text/css; charset=utf-8") })
        router.get("/web/app.js", .synchronous { _, _ in Self.page(WebPage.script, type: "text/javascript; charset=utf-8") })
        let engine = engine
        let clock = clock
        router.get("/web/v1/subscriptions/{originalTransactionId}/timeline.svg") { _, parameters in
            let id = parameters["originalTransactionId"] ?? ""
            do throws(AppStoreEngineError) {
                let transactions = try await engine.subscriptionTransactions(originalTransactionId: id)
                let status = try await engine.subscriptionStatus(originalTransactionId: id)
                let timeline = SubscriptionTimeline(
                    transactions: transactions.map(\.payload), renewalInfo: status.renewalInfo.payload, now: clock.now)
                var response = HTTPResponse.svg(TimelineSVG.render(timeline))
                response.headers.add(name: "Cache-Control", value: "no-store")
                return response
            } catch {
                return .error(.notFound, message: "No timeline for subscription \(id): \(error)")
            }
        }
    }

    private static func page(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": type, "Cache-Control": "no-cache"], body: Data(text.utf8))
    }
}
