/// Where a mass renewal-date extension resumes: its request and the last subscription already handled.
struct MassExtensionStep: Hashable, Sendable, Codable {
    /// The request's identifier.
    var requestIdentifier: String
    /// The original transaction ID after which the next page starts (0 at first).
    var afterOriginalTransactionId: Int64 = 0
}
