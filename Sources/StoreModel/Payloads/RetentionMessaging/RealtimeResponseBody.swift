/// The developer's answer to a Get Retention Message request; one of its fields is set.
public struct RealtimeResponseBody: Codable, Hashable, Sendable {
    /// A text message, optionally with an image.
    public var message: Message?
    /// A message with a switch-plan option.
    public var alternateProduct: AlternateProduct?
    /// A message with a promotional offer.
    public var promotionalOffer: PromotionalOffer?
    /// An Advanced Commerce offer or switch-plan option.
    public var advancedCommerceInfo: AdvancedCommerceInfo?

    /// Creates a value; every field defaults to absent.
    public init(
        message: Message? = nil,
        alternateProduct: AlternateProduct? = nil,
        promotionalOffer: PromotionalOffer? = nil,
        advancedCommerceInfo: AdvancedCommerceInfo? = nil
    ) {
        self.message = message
        self.alternateProduct = alternateProduct
        self.promotionalOffer = promotionalOffer
        self.advancedCommerceInfo = advancedCommerceInfo
    }
}
