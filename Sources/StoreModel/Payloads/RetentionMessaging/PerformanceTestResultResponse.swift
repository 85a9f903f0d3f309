/// The response of Get Performance Test Results.
public struct PerformanceTestResultResponse: Codable, Hashable, Sendable {
    /// The parameters of the test.
    public var config: PerformanceTestConfig?
    /// The URL the test called.
    public var target: String?
    /// The overall result.
    public var result: PerformanceTestStatus?
    /// The share of successful requests, in percent.
    public var successRate: Int32?
    /// The number of requests still pending.
    public var numPending: Int32?
    /// Response-time statistics.
    public var responseTimes: PerformanceTestResponseTimes?
    /// The number of failed requests by reason (JSON object keyed by reason).
    public var failures: [SendAttemptResult: Int32]?

    /// Creates a value; every field defaults to absent.
    public init(
        config: PerformanceTestConfig? = nil,
        target: String? = nil,
        result: PerformanceTestStatus? = nil,
        successRate: Int32? = nil,
        numPending: Int32? = nil,
        responseTimes: PerformanceTestResponseTimes? = nil,
        failures: [SendAttemptResult: Int32]? = nil
    ) {
        self.config = config
        self.target = target
        self.result = result
        self.successRate = successRate
        self.numPending = numPending
        self.responseTimes = responseTimes
        self.failures = failures
    }
}
