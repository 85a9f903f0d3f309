import Foundation
import AppStoreEngine

/// A `buy` step.
public struct ScenarioPurchase: Hashable, Sendable {
    /// The buyer.
    public var accountId: String
    /// `product`.
    public var productId: String
    /// `quantity` (1–10 for consumables and non-renewing subscriptions).
    public var quantity: Int
    /// `appAccountToken`.
    public var appAccountToken: UUID?
    /// `offer`.
    public var offer: ScenarioOffer?
    /// `askToBuy`: the purchase waits for `approve` or `decline` (`nil` follows the app's setting).
    public var askToBuy: Bool?
    /// `origin`: in the app (the default) or outside it (`outsideApp`: the transaction arrives through the
    /// updates feed).
    public var origin: PurchaseOrigin
    /// `as`: the label later steps can name the purchase by.
    public var label: String?
}
