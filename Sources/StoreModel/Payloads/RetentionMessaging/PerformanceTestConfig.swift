/// The parameters of a performance test.
public struct PerformanceTestConfig: Codable, Hashable, Sendable {
    /// The most requests in flight at once.
    public var maxConcurrentRequests: Int64?
    /// The number of requests the test makes.
    public var totalRequests: Int64?
    /// The duration of the test in milliseconds.
    public var totalDuration: Int64?
    /// The longest acceptable response time in milliseconds.
    public var responseTimeThreshold: Int64?
    /// The lowest acceptable success rate, in percent.
    public var successRateThreshold: Int32?

    /// Creates a value; every field defaults to absent.
    public init(
        maxConcurrentRequests: Int64? = nil,
        totalRequests: Int64? = nil,
        totalDuration: Int64? = nil,
        responseTimeThreshold: Int64? = nil,
        successRateThreshold: Int32? = nil
    ) {
        self.maxConcurrentRequests = maxConcurrentRequests
        self.totalRequests = totalRequests
        self.totalDuration = totalDuration
        self.responseTimeThreshold = responseTimeThreshold
        self.successRateThreshold = successRateThreshold
    }
}
