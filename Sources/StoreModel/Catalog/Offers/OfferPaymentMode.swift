/// How a subscription offer is paid (`paymentMode`).
public enum OfferPaymentMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `free`: a free trial for `numberOfPeriods` × `subscriptionPeriod`.
    case free
    /// `payAsYouGo`: the discounted `displayPrice` on each of `numberOfPeriods` periods.
    case payAsYouGo
    /// `payUpFront`: one payment of `displayPrice` covering `subscriptionPeriod`.
    case payUpFront

    /// The wire value.
    public var description: String { rawValue }
}
