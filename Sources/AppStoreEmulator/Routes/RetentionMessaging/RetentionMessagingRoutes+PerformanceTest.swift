import AppStoreEngine
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel

/// Performance tests: the emulator really sends signed realtime requests to the configured URL and grades the
/// answers against the thresholds.
extension RetentionMessagingRoutes {
    /// The test every run follows (Apple's sample numbers, scaled down to a quick run).
    static let performanceTestConfig = PerformanceTestConfig(
        maxConcurrentRequests: 2, totalRequests: 10, totalDuration: 60_000, responseTimeThreshold: 500,
        successRateThreshold: 90)

    func startPerformanceTest(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let body = try api.body(PerformanceTestRequest.self, of: request)
        guard let originalTransactionId = body.originalTransactionId,
            let customer = try? await api.customer(originalTransactionId, bundleId: bundleId),
            let transaction = try await context.engine.customerTransactions(customer, includingFinishedConsumables: true)
                .first(where: { $0.transactionId == originalTransactionId })
        else {
            throw ServerAPIError.invalidPerformanceTestRequest.detailed("originalTransactionId must name a transaction of \(bundleId).")
        }
        let app = try await api.app(bundleId)
        let requestId = UUID().uuidString.lowercased()
        let config = Self.performanceTestConfig
        let target = try await context.retention.change(bundleId) { state throws(ServerAPIError) -> String in
            guard let url = state.realtimeURL else { throw ServerAPIError.realtimeUrlNotFound }
            guard !state.performanceTests.values.contains(where: { $0.result == .pending }) else {
                throw ServerAPIError.existingPerformanceTestRun
            }
            state.performanceTests[requestId] = PerformanceTestResultResponse(
                config: config, target: url, result: .pending, numPending: Int32(config.totalRequests ?? 0))
            return url
        }
        let sample = DecodedRealtimeRequestBody(
            originalTransactionId: originalTransactionId, appAppleId: app.appAppleId ?? 0,
            productId: transaction.payload.productId, userLocale: "en-US", environment: app.environment)
        let runner = PerformanceTestRunner(
            target: target, config: config, sample: sample, signer: context.engine.certificateAuthority.signer,
            clock: context.clock)
        let retention = context.retention
        Task.detached {
            let result = await runner.run()
            _ = try? await retention.change(bundleId) { state throws(ServerAPIError) in
                state.performanceTests[requestId] = result
            }
        }
        return AppStoreServerAPIRoutes.json(PerformanceTestResponse(config: config, requestId: requestId))
    }

    func performanceTestResult(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = try Self.identifier(parameters["requestId"], else: .invalidRequestId)
        guard let result = await context.retention.state(of: bundleId).performanceTests[id] else {
            throw ServerAPIError.performanceTestRunNotFound
        }
        return AppStoreServerAPIRoutes.json(result)
    }
}
