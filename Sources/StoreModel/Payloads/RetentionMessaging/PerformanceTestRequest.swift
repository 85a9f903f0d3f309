/// The body of Initiate Performance Test.
public struct PerformanceTestRequest: Codable, Hashable, Sendable {
    /// The original transaction identifier of a sandbox subscription to test with.
    public var originalTransactionId: String?

    /// Creates a value; every field defaults to absent.
    public init(originalTransactionId: String? = nil) {
        self.originalTransactionId = originalTransactionId
    }
}
