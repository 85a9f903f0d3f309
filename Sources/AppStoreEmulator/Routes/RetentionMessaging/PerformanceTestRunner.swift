import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel

/// Sends a performance test's realtime requests (`{"signedPayload": …}`, each a freshly signed
/// `DecodedRealtimeRequestBody`) to the developer's realtime URL and grades them: a request succeeds when it gets
/// a 2xx answer within the response-time threshold.
struct PerformanceTestRunner: Sendable {
    let target: String
    let config: PerformanceTestConfig
    let sample: DecodedRealtimeRequestBody
    let signer: JWSSigner
    let clock: any StoreClock

    /// Runs every request, `maxConcurrentRequests` at a time, and returns the graded result.
    func run() async -> PerformanceTestResultResponse {
        let total = Int(config.totalRequests ?? 0)
        let lanes = max(1, Int(config.maxConcurrentRequests ?? 1))
        let client = HTTPClient(maximumConnectionsPerHost: lanes)
        var outcomes: [(milliseconds: Int64, failure: SendAttemptResult?)] = []
        await withTaskGroup(of: (Int64, SendAttemptResult?).self) { group in
            var started = 0
            while started < min(lanes, total) {
                group.addTask { await send(with: client) }
                started += 1
            }
            for await outcome in group {
                outcomes.append(outcome)
                if started < total {
                    group.addTask { await send(with: client) }
                    started += 1
                }
            }
        }
        return grade(outcomes)
    }

    private func send(with client: HTTPClient) async -> (Int64, SendAttemptResult?) {
        var body = sample
        body.requestIdentifier = UUID().uuidString.lowercased()
        body.signedDate = clock.now
        guard let url = URL(string: target), let payload = try? AppleJSON.encode(body),
            let jws = try? signer.sign(payload: payload),
            let json = try? JSONEncoder().encode(["signedPayload": jws])
        else { return (0, .other) }
        let threshold = config.responseTimeThreshold ?? 500
        let start = ContinuousClock.now
        do {
            let response = try await client.send(
                method: .post, url: url, headers: ["Content-Type": "application/json"], body: json,
                timeout: .milliseconds(max(threshold * 4, 1000)))
            let elapsed = Self.milliseconds(ContinuousClock.now - start)
            if !(200..<300).contains(response.status.code) { return (elapsed, .unsuccessfulHTTPResponseCode) }
            return (elapsed, elapsed > threshold ? .timedOut : nil)
        } catch {
            let elapsed = Self.milliseconds(ContinuousClock.now - start)
            return (elapsed, error == .timedOut("") ? .timedOut : .noResponse)
        }
    }

    private func grade(_ outcomes: [(milliseconds: Int64, failure: SendAttemptResult?)]) -> PerformanceTestResultResponse {
        let times = outcomes.map(\.milliseconds).sorted()
        func percentile(_ share: Double) -> Int64 {
            times.isEmpty ? 0 : times[min(times.count - 1, Int((Double(times.count) * share).rounded(.up)) - 1)]
        }
        var failures: [SendAttemptResult: Int32] = [:]
        for case let failure? in outcomes.map(\.failure) { failures[failure, default: 0] += 1 }
        let succeeded = outcomes.count - failures.values.reduce(0) { $0 + Int($1) }
        let rate = outcomes.isEmpty ? 0 : Int32(succeeded * 100 / outcomes.count)
        return PerformanceTestResultResponse(
            config: config, target: target, result: rate >= (config.successRateThreshold ?? 100) ? .pass : .fail,
            successRate: rate, numPending: 0,
            responseTimes: PerformanceTestResponseTimes(
                average: times.isEmpty ? 0 : times.reduce(0, +) / Int64(times.count), p50: percentile(0.5),
                p90: percentile(0.9), p95: percentile(0.95), p99: percentile(0.99)),
            failures: failures)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
