import StoreModel

/// Consumption information the developer sent for a refund request (Send Consumption Information).
public struct ConsumptionInformation: Hashable, Sendable {
    /// The transaction.
    public var transactionId: String
    /// The body as sent.
    public var request: ConsumptionRequest
    /// When it was recorded.
    public var recordDate: Timestamp
}
