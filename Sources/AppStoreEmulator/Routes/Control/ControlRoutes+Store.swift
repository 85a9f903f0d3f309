import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// The store as a whole: status, catalog, clock, reset, notifications.
extension ControlRoutes {
    struct StatusJSON: Encodable, Sendable {
        let clock: Timestamp
        let clockDate: String
        let nextDueDate: Timestamp?
        let apps: [AppJSON]
        let accounts: [String]
        let notificationURLs: [String]
        let pendingNotifications: Int
    }

    struct AppJSON: Encodable, Sendable {
        let bundleId: String
        let environment: String
        let products: Int
        let timeRate: Int
    }

    @Sendable func status(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let apps = await engine.registeredApps().map {
            AppJSON(bundleId: $0.bundleId, environment: $0.environment.rawValue, products: $0.catalog.products.count,
                timeRate: $0.settings.timeRate.rawValue)
        }
        let now = context.clock.now
        return JSONAPI.json(StatusJSON(
            clock: now, clockDate: now.date.formatted(.iso8601), nextDueDate: try await engine.nextDueDate(), apps: apps,
            accounts: try await engine.accounts().map(\.id), notificationURLs: context.notificationURLs.map(\.absoluteString),
            pendingNotifications: try await engine.pendingNotifications(limit: 10_000).count))
    }

    @Sendable func products(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let bundleId = try await bundleId(request)
        let products = try await engine.products(bundleId: bundleId, productIds: request.queryValues("id"))
        let locale = request.queryValue("locale") ?? "en_US"
        return JSONAPI.json(["products": products.map { ProductJSON($0, locale: locale) }])
    }

    /// Deletes every transaction of the app and restores the `.storekit` file's settings (the clock stays: it
    /// only moves forward).
    struct ResetBody: Decodable, Sendable {
        var bundleId: String?
        /// `false` keeps the transactions and restores only the settings (`SKTestSession.resetToDefaultState()`).
        var transactions: Bool?
    }

    @Sendable func reset(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(ResetBody.self, of: request, allowEmpty: true)
        let bundleId = try await bundleId(request, body: AppScope(bundleId: body.bundleId))
        if body.transactions ?? true { try await engine.clearTransactions(bundleId: bundleId) }
        _ = try await engine.resetToDefaults(bundleId: bundleId)
        return Self.done
    }

    /// Deletes every transaction of the app (`SKTestSession.clearTransactions()`).
    @Sendable func clear(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(AppScope.self, of: request, allowEmpty: true)
        try await engine.clearTransactions(bundleId: try await bundleId(request, body: body))
        return Self.done
    }

    struct ClockJSON: Encodable, Sendable {
        let now: Timestamp
        let date: String
        let fired: Int?
    }

    @Sendable func clock(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let now = context.clock.now
        return JSONAPI.json(ClockJSON(now: now, date: now.date.formatted(.iso8601), fired: nil))
    }

    struct AdvanceBody: Decodable, Sendable {
        /// A ``ClockStep`` such as `1M` or `3d12h`.
        var by: String?
        /// A date: milliseconds since 1970 or ISO 8601 text.
        var to: DateValue?
    }

    /// A date given as milliseconds since 1970 or as ISO 8601 text.
    struct DateValue: Decodable, Sendable {
        let timestamp: Timestamp

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let milliseconds = try? container.decode(Int64.self) {
                timestamp = Timestamp(milliseconds: milliseconds)
                return
            }
            let text = try container.decode(String.self)
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\(text) is neither milliseconds since 1970 nor an ISO 8601 date such as 2026-12-01T00:00:00Z.")
            }
            timestamp = Timestamp(date)
        }
    }

    /// Moves the clock forward, firing every due event on the way (renewals, retries, grace ends) in order.
    @Sendable func advanceClock(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(AdvanceBody.self, of: request)
        let now = context.clock.now
        let target: Timestamp
        switch (body.by, body.to) {
        case (let text?, nil):
            guard let step = ClockStep(text) else {
                throw EmulatorAPIError.badRequest("\"by\": \(text) is no duration; write e.g. 1M, 2w, 3d, 12h, 30m, 90s or 1d12h.")
            }
            target = step.applied(to: now)
        case (nil, let date?):
            guard date.timestamp >= now else {
                throw EmulatorAPIError(status: 409, code: "clockBackwards",
                    message: "The clock only moves forward; it is \(now.date.formatted(.iso8601)) already.")
            }
            target = date.timestamp
        default:
            throw EmulatorAPIError.badRequest("Give exactly one of \"by\" (a duration such as 1M) and \"to\" (a date).")
        }
        let fired = try await engine.advance(to: target)
        try context.saveClock()
        let after = context.clock.now
        return JSONAPI.json(ClockJSON(now: after, date: after.date.formatted(.iso8601), fired: fired))
    }

    @Sendable func notifications(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let bundle = request.queryValue("bundleId")
        let limit = Int(try JSONAPI.integer("limit", in: request) ?? 100)
        let query = NotificationHistoryQuery(
            bundleId: bundle, transactionId: request.queryValue("transactionId"),
            onlyFailures: request.queryValue("onlyFailures") == "true",
            afterSequence: try JSONAPI.integer("after", in: request), limit: max(1, min(limit, 1000)))
        let list = try await engine.notificationHistory(query)
        return JSONAPI.json(["notifications": list.map(NotificationJSON.init)])
    }

    @Sendable func testNotification(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(AppScope.self, of: request, allowEmpty: true)
        let token = try await engine.requestTestNotification(bundleId: try await bundleId(request, body: body))
        return JSONAPI.json(["testNotificationToken": token])
    }
}
