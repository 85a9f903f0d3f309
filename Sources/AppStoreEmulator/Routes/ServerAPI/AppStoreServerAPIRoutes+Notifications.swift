import AppStoreEngine
import StoreHTTP
import StoreModel

/// Request a Test Notification, Get Test Notification Status and Get Notification History.
extension AppStoreServerAPIRoutes {
    /// How far back Get Notification History reaches: 30 days in Sandbox, 180 in Production.
    static func historyWindow(_ environment: AppStoreEnvironment) -> Duration {
        .seconds((environment == .production ? 180 : 30) * 86_400)
    }

    func requestTestNotification(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let token = try await context.engine.requestTestNotification(bundleId: bundleId)
        return Self.json(SendTestNotificationResponse(testNotificationToken: token))
    }

    func testNotificationStatus(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let token = parameters["testNotificationToken"] ?? ""
        guard !token.isEmpty, token.count <= 128 else { throw ServerAPIError.invalidTestNotificationToken }
        let notification: OutboxNotification
        do throws(AppStoreEngineError) {
            notification = try await context.engine.testNotification(token: token)
        } catch {
            guard case .notificationNotFound = error else { throw error }
            throw ServerAPIError.testNotificationNotFound
        }
        guard notification.bundleId == bundleId else { throw ServerAPIError.testNotificationNotFound }
        return Self.json(CheckTestNotificationResponse(
            signedPayload: notification.signedPayload, sendAttempts: Self.attempts(notification)))
    }

    func notificationHistory(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let body = try body(NotificationHistoryRequest.self, of: request)
        let app = try await app(bundleId)
        var query = try Self.historyQuery(body, now: context.clock.now, environment: app.environment)
        query.bundleId = bundleId
        if let text = request.queryValue("paginationToken"), !text.isEmpty {
            guard let token = PageToken(text) else { throw ServerAPIError.invalidPaginationToken }
            query.afterSequence = token.number
        }
        query.limit = Self.pageSize + 1
        let found = try await context.engine.notificationHistory(query)
        let page = found.prefix(Self.pageSize)
        let last = page.last.map { PageToken(date: $0.signedDate.milliseconds, number: $0.sequence) }
        return Self.json(NotificationHistoryResponse(
            paginationToken: found.count > page.count ? last?.text : nil, hasMore: found.count > page.count,
            notificationHistory: page.map {
                NotificationHistoryResponseItem(signedPayload: $0.signedPayload, sendAttempts: Self.attempts($0))
            }))
    }

    /// Apple's checks on a notification history request, as an outbox query.
    static func historyQuery(
        _ body: NotificationHistoryRequest, now: Timestamp, environment: AppStoreEnvironment
    ) throws(ServerAPIError) -> NotificationHistoryQuery {
        guard let start = body.startDate else { throw ServerAPIError.invalidStartDate }
        guard let end = body.endDate else { throw ServerAPIError.invalidEndDate }
        guard start <= end else { throw ServerAPIError.startDateAfterEndDate }
        guard start >= now.adding(.zero - historyWindow(environment)) else {
            throw ServerAPIError.startDateTooFarInPast.detailed(
                "The history reaches back \(environment == .production ? 180 : 30) days in \(environment.rawValue).")
        }
        if let type = body.notificationType, !type.isKnown { throw ServerAPIError.invalidNotificationType }
        if body.notificationSubtype != nil && body.notificationType == nil {
            throw ServerAPIError.invalidNotificationType.detailed("notificationSubtype needs a notificationType.")
        }
        if body.transactionId != nil && body.notificationType != nil { throw ServerAPIError.multipleFiltersSupplied }
        if let id = body.transactionId, !isNumericIdentifier(id) { throw ServerAPIError.invalidTransactionId }
        return NotificationHistoryQuery(
            startDate: start, endDate: end, notificationType: body.notificationType,
            notificationSubtype: body.notificationSubtype, transactionId: body.transactionId,
            onlyFailures: body.onlyFailures ?? false)
    }

    /// A notification's delivery attempts as Apple lists them.
    static func attempts(_ notification: OutboxNotification) -> [SendAttemptItem] {
        notification.attempts.map { SendAttemptItem(attemptDate: $0.date, sendAttemptResult: $0.result) }
    }
}
