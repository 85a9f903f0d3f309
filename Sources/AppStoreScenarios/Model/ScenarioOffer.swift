/// The `offer` of a `buy` step.
public enum ScenarioOffer: Hashable, Sendable {
    /// `{"introductory": true}` applies the introductory offer even if the group's history says it was used (as a
    /// signed eligibility override does); `false` buys at full price.
    case introductory(Bool)
    /// `{"promotional": "ID"}`: a promotional offer (`adHocOffers[].offerID`), without a signature, as StoreKit
    /// Testing's `.promotionalOffer(id:)`.
    case promotional(String)
    /// `{"offerCode": "NAME"}`: an offer code by its `referenceName`.
    case offerCode(String)
    /// `{"winBack": "ID"}`: a win-back offer.
    case winBack(String)

    /// `introductory`, `promotional Half Price`, … for summaries.
    var summary: String {
        switch self {
        case .introductory(let applies): return applies ? "introductory offer" : "no introductory offer"
        case .promotional(let id): return "promotional offer \(id)"
        case .offerCode(let name): return "offer code \(name)"
        case .winBack(let id): return "win-back offer \(id)"
        }
    }
}
