/// The response of Initiate Performance Test.
public struct PerformanceTestResponse: Codable, Hashable, Sendable {
    /// The parameters of the test.
    public var config: PerformanceTestConfig?
    /// The identifier of the test run.
    public var requestId: String?

    /// Creates a value; every field defaults to absent.
    public init(config: PerformanceTestConfig? = nil, requestId: String? = nil) {
        self.config = config
        self.requestId = requestId
    }
}
