import Foundation
import StoreModel

/// The two App Store Server API endpoints the reconciler reads, for one app and environment.
struct ServerAPIClient: Sendable {
    let baseURL: URL
    let token: ServerAPIToken
    let transport: any ServerAPITransport
    let currentTime: @Sendable () -> Timestamp

    /// `POST /inApps/v1/notifications/history[?paginationToken=…]`.
    func notificationHistory(_ request: NotificationHistoryRequest, paginationToken: String?) async throws -> NotificationHistoryResponse {
        var components = URLComponents(url: baseURL.appending(path: "inApps/v1/notifications/history"), resolvingAgainstBaseURL: false)!
        if let paginationToken { components.queryItems = [URLQueryItem(name: "paginationToken", value: paginationToken)] }
        return try await send("POST", components.url!, body: try AppleJSON.encode(request), as: NotificationHistoryResponse.self)
    }

    /// `GET /inApps/v1/subscriptions/{transactionId}`.
    func allSubscriptionStatuses(_ transactionId: String) async throws -> StatusResponse {
        try await send("GET", baseURL.appending(path: "inApps/v1/subscriptions/\(transactionId)"), body: nil, as: StatusResponse.self)
    }

    private func send<Response: Decodable>(_ method: String, _ url: URL, body: Data?, as type: Response.Type) async throws -> Response {
        var headers = [
            "Authorization": "Bearer \(try token.make(at: currentTime()))", "Accept": "application/json",
            "User-Agent": "tienda-entitlements",
        ]
        if body != nil { headers["Content-Type"] = "application/json" }
        let (status, data) = try await transport.send(method: method, url: url, headers: headers, body: body)
        guard (200..<300).contains(status) else {
            let error = try? AppleJSON.decode(ErrorPayload.self, from: data)
            throw ServerAPIError(
                url: url, status: status, errorCode: error?.errorCode, errorMessage: error?.errorMessage ?? String(decoding: data.prefix(200), as: UTF8.self))
        }
        return try AppleJSON.decode(type, from: data)
    }
}

/// An App Store Server API answer other than 2xx.
struct ServerAPIError: Error, CustomStringConvertible {
    var url: URL
    var status: Int
    var errorCode: Int64?
    var errorMessage: String

    var description: String {
        "\(url.path) answered \(status)\(errorCode.map { " (errorCode \($0))" } ?? ""): \(errorMessage)"
    }
}
