/// The body of Send Consumption Information (V2).
public struct ConsumptionRequest: Codable, Hashable, Sendable {
    /// Whether the customer consented to sharing consumption data.
    public var customerConsented: Bool?
    /// Whether the app gave a free sample or trial before the purchase.
    public var sampleContentProvided: Bool?
    /// Whether the app delivered the purchase in working order.
    public var deliveryStatus: DeliveryStatus?
    /// How much the customer consumed, in milliunits of a percent.
    public var consumptionPercentage: Int32?
    /// The developer's preferred outcome of the refund request.
    public var refundPreference: RefundPreference?

    /// Creates a value; every field defaults to absent.
    public init(
        customerConsented: Bool? = nil,
        sampleContentProvided: Bool? = nil,
        deliveryStatus: DeliveryStatus? = nil,
        consumptionPercentage: Int32? = nil,
        refundPreference: RefundPreference? = nil
    ) {
        self.customerConsented = customerConsented
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference
    }
}
