import Foundation
import AppStoreEngine
import StoreModel

/// What one step does. Each case maps to one engine operation (docs/SCENARIOS.md lists every kind with its
/// fields); `expect` checks instead of acting.
public enum ScenarioAction: Hashable, Sendable {
    /// `buy`: a purchase (or an Ask to Buy request).
    case buy(ScenarioPurchase)
    /// `approve`: a parent approves the oldest Ask to Buy request for the product.
    case approve(ScenarioTarget)
    /// `decline`: a parent declines it.
    case decline(ScenarioTarget)
    /// `advance` with `by`: the clock moves forward by a duration, firing what falls due.
    case advance(ScenarioDuration)
    /// `advance` with `to`: the clock moves forward to an instant.
    case advanceTo(Timestamp)
    /// `failBilling`: the subscription's next renewal fails for billing reasons; `grace` switches the app's
    /// Billing Grace Period on or off first.
    case failBilling(ScenarioTarget, grace: Bool?)
    /// `resolveBilling`: billing works again (recovery from grace or retry, or the scheduled failure is off).
    case resolveBilling(ScenarioTarget)
    /// `autoRenew`: the customer turns auto-renew on or off.
    case autoRenew(ScenarioTarget, enabled: Bool)
    /// `changePlan`: the customer picks another product of the group in Manage Subscriptions.
    case changePlan(ScenarioTarget, productId: String)
    /// `refund`: the App Store refunds a transaction.
    case refund(ScenarioTarget, amount: RefundAmount, reason: RevocationReason)
    /// `requestRefund`: the customer asks for a refund in the app.
    case requestRefund(ScenarioTarget, reason: ConsumptionRequestReason)
    /// `declineRefund`: the App Store declines the refund the customer asked for.
    case declineRefund(ScenarioTarget)
    /// `reverseRefund`: the App Store reverses a refund.
    case reverseRefund(ScenarioTarget)
    /// `consumptionRequest`: the App Store asks for consumption information.
    case consumptionRequest(ScenarioTarget, reason: ConsumptionRequestReason)
    /// `familyGroup`: an account joins a Family Sharing group, or leaves its group with `null`.
    case familyGroup(accountId: String, group: String?)
    /// `revokeFamily`: one family member loses access to one of the purchaser's purchases.
    case revokeFamily(memberId: String, ScenarioTarget)
    /// `priceIncrease`: the renewing product's price rises for this subscriber.
    case priceIncrease(ScenarioTarget, milliunits: Int64, requiresConsent: Bool)
    /// `acceptPriceIncrease` / `declinePriceIncrease`: the subscriber answers.
    case respondToPriceIncrease(ScenarioTarget, accepted: Bool)
    /// `removeFromSale` / `putOnSale`: the developer removes a product from sale or puts it back.
    case availability(productId: String, forSale: Bool)
    /// `extend`: one subscription's renewal date moves by some days.
    case extend(ScenarioTarget, days: Int, reason: ExtendReasonCode)
    /// `extendAll`: every active subscriber of a product is extended (a mass extension, run at once).
    case extendAll(productId: String, days: Int, reason: ExtendReasonCode, storefronts: [String])
    /// `setToken`: the developer sets a purchase's app account token (`null` clears it).
    case setToken(ScenarioTarget, token: UUID?)
    /// `expire`: StoreKit Testing's `expireSubscription`.
    case expire(ScenarioTarget)
    /// `forceRenew`: StoreKit Testing's `forceRenewalOfSubscription`.
    case forceRenew(ScenarioTarget)
    /// `finish`: the app finishes a transaction.
    case finish(ScenarioTarget)
    /// `expect`: checks.
    case expect(ScenarioExpectation)

    /// The `do` value.
    public var kind: String {
        switch self {
        case .buy: return "buy"
        case .approve: return "approve"
        case .decline: return "decline"
        case .advance, .advanceTo: return "advance"
        case .failBilling: return "failBilling"
        case .resolveBilling: return "resolveBilling"
        case .autoRenew: return "autoRenew"
        case .changePlan: return "changePlan"
        case .refund: return "refund"
        case .requestRefund: return "requestRefund"
        case .declineRefund: return "declineRefund"
        case .reverseRefund: return "reverseRefund"
        case .consumptionRequest: return "consumptionRequest"
        case .familyGroup: return "familyGroup"
        case .revokeFamily: return "revokeFamily"
        case .priceIncrease: return "priceIncrease"
        case .respondToPriceIncrease(_, let accepted): return accepted ? "acceptPriceIncrease" : "declinePriceIncrease"
        case .availability(_, let forSale): return forSale ? "putOnSale" : "removeFromSale"
        case .extend: return "extend"
        case .extendAll: return "extendAll"
        case .setToken: return "setToken"
        case .expire: return "expire"
        case .forceRenew: return "forceRenew"
        case .finish: return "finish"
        case .expect: return "expect"
        }
    }
}
