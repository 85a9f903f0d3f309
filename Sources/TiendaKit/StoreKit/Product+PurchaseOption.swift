import Foundation

extension Product {
    /// An option of a purchase (`Product.PurchaseOption`).
    ///
    /// ```swift
    /// try await product.purchase(options: [.appAccountToken(accountID), .quantity(3)])
    /// ```
    public struct PurchaseOption: Hashable, Sendable {
        /// What an option sets.
        enum Kind: Hashable, Sendable {
            case appAccountToken(UUID)
            case quantity(Int)
            case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
            case promotionalOfferForTesting(offerID: String)
            case codeOffer(referenceName: String)
            case winBackOffer(offerID: String)
            case simulatesAskToBuyInSandbox(Bool)
        }

        /// What the option sets.
        let kind: Kind

        /// Links the purchase to the app's own account for this customer; travels with the transaction.
        public static func appAccountToken(_ token: UUID) -> PurchaseOption { PurchaseOption(kind: .appAccountToken(token)) }

        /// Buys several at once (1…10; consumables and non-renewing subscriptions only).
        public static func quantity(_ quantity: Int) -> PurchaseOption { PurchaseOption(kind: .quantity(quantity)) }

        /// A promotional offer with its signature from the app's server (`timestamp` in milliseconds).
        public static func promotionalOffer(
            offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int
        ) -> PurchaseOption {
            PurchaseOption(kind: .promotionalOffer(
                offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp))
        }

        /// StoreKit Testing's promotional offer without a signature.
        public static func promotionalOffer(id offerID: String) -> PurchaseOption {
            PurchaseOption(kind: .promotionalOfferForTesting(offerID: offerID))
        }

        /// StoreKit Testing's offer code, by its reference name in the catalog.
        public static func codeOffer(referenceName: String) -> PurchaseOption {
            PurchaseOption(kind: .codeOffer(referenceName: referenceName))
        }

        /// A win-back offer.
        public static func winBackOffer(_ offer: SubscriptionOffer) -> PurchaseOption {
            PurchaseOption(kind: .winBackOffer(offerID: offer.id ?? ""))
        }

        /// Makes the purchase wait for Ask to Buy approval in the sandbox (or never, with `false`).
        public static func simulatesAskToBuyInSandbox(_ simulates: Bool) -> PurchaseOption {
            PurchaseOption(kind: .simulatesAskToBuyInSandbox(simulates))
        }
    }
}
