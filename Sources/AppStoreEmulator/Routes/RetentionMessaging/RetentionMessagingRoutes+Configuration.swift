import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Default messages and the realtime URL.
extension RetentionMessagingRoutes {
    /// A locale like `en-US` or `fr`.
    static func isLocale(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), (2...3).contains(parts[0].count), parts[0].allSatisfy(\.isLetter) else {
            return false
        }
        return parts.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber } }
    }

    func defaultKey(_ parameters: RouteParameters, bundleId: String) async throws(ServerAPIError) -> String {
        let productId = parameters["productId"] ?? ""
        let locale = parameters["locale"] ?? ""
        guard Self.isLocale(locale) else { throw ServerAPIError.invalidLocale }
        guard (try? await context.engine.app(bundleId).catalog.product(id: productId)) != nil else {
            throw ServerAPIError.invalidProductId.detailed("\(bundleId) sells no product \(productId).")
        }
        return productId + "/" + locale
    }

    func configureDefaultMessage(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let key = try await defaultKey(parameters, bundleId: bundleId)
        let body = try api.body(DefaultConfigurationRequest.self, of: request)
        let id = try Self.identifier(body.messageIdentifier, else: .invalidMessageIdentifier)
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in
            guard let message = state.messages[id] else { throw ServerAPIError.messageNotFound }
            guard message.state == .approved else { throw ServerAPIError.messageNotApproved }
            state.defaults[key] = id
        }
        return .empty(.ok)
    }

    func defaultMessage(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let key = try await defaultKey(parameters, bundleId: bundleId)
        guard let id = await context.retention.state(of: bundleId).defaults[key] else {
            throw ServerAPIError.defaultMessageNotFound
        }
        return AppStoreServerAPIRoutes.json(DefaultConfigurationResponse(messageIdentifier: id))
    }

    func deleteDefaultMessage(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let key = try await defaultKey(parameters, bundleId: bundleId)
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in
            guard state.defaults.removeValue(forKey: key) != nil else { throw ServerAPIError.defaultMessageNotFound }
        }
        return .empty(.ok)
    }

    func configureRealtimeURL(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let body = try api.body(RealtimeUrlRequest.self, of: request)
        guard let text = body.realtimeURL, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
            url.host?.isEmpty == false
        else { throw ServerAPIError.badRequestRealtimeUrl }
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in state.realtimeURL = text }
        return .empty(.ok)
    }

    func realtimeURL(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        guard let url = await context.retention.state(of: bundleId).realtimeURL else { throw ServerAPIError.realtimeUrlNotFound }
        return AppStoreServerAPIRoutes.json(RealtimeUrlResponse(realtimeURL: url))
    }

    func deleteRealtimeURL(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in
            guard state.realtimeURL != nil else { throw ServerAPIError.realtimeUrlNotFound }
            state.realtimeURL = nil
        }
        return .empty(.ok)
    }
}
