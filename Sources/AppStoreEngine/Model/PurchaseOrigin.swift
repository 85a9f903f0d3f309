import Foundation
import StoreModel

/// Where a purchase is made.
public enum PurchaseOrigin: String, Hashable, Sendable, Codable {
    /// In the app with `product.purchase()`: the result answers the call; `Transaction.updates` does not repeat it.
    case app
    /// Outside the app (App Store, another device, StoreKit Testing's `buyProduct`): delivered through
    /// `Transaction.updates`.
    case outsideApp
}
