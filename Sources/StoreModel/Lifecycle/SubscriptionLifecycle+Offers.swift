/// Which offer a purchase gets (subscription-lifecycle.md §3.7).
extension SubscriptionLifecycle {
    /// Where a customer stands in the group when buying, for offer eligibility.
    enum Standing {
        /// Never subscribed in the group.
        case new
        /// Subscribed now (active, in grace or in billing retry).
        case subscribed
        /// Subscribed before; `churned` when it expired with auto-renew off.
        case lapsed(churned: Bool)

        var offerCodeEligibility: OfferCodeEligibility {
            switch self {
            case .new: return .new
            case .subscribed: return .existing
            case .lapsed: return .expired
            }
        }
    }

    /// The offer a purchase of `product` gets: the requested one after eligibility checks, else the
    /// introductory offer when the customer may have it, else none.
    static func offer(
        _ requested: RequestedOffer?, for product: StoreKitSubscription, standing: Standing,
        introductoryOfferEligible: Bool, in context: LifecycleContext
    ) throws(LifecycleError) -> OfferApplication? {
        guard let requested else {
            guard introductoryOfferEligible, let intro = product.introductoryOffer() else { return nil }
            return OfferApplication(intro, type: .introductoryOffer, identifier: nil, productId: product.productID)
        }
        let id = requested.identifier
        let productId = product.productID
        switch requested {
        case .promotional:
            guard let offer = product.promotionalOffer(id: id) else {
                throw .invalidOfferIdentifier(offer: id, productId: productId)
            }
            if case .new = standing, context.policy.promotionalOffersRequirePriorSubscription {
                throw .ineligibleForOffer(
                    offer: id, reason: "promotional offers are for customers with an active or expired subscription "
                        + "in the group, and this customer never subscribed")
            }
            return try application(offer, type: .promotionalOffer, id: id, productId: productId)
        case .offerCode:
            guard let code = product.offerCode(referenceName: id) else {
                throw .invalidOfferIdentifier(offer: id, productId: productId)
            }
            let group = standing.offerCodeEligibility
            guard code.isRedeemable(by: group) else {
                throw .ineligibleForOffer(
                    offer: id, reason: "the code is for \(code.eligibility.map(\.rawValue)) customers and this one is "
                        + "\(group.rawValue)")
            }
            return try application(code, type: .offerCode, id: id, productId: productId)
        case .winBack:
            guard let offer = product.winBackOffer(id: id) else {
                throw .invalidOfferIdentifier(offer: id, productId: productId)
            }
            guard offer.isEligible else {
                throw .ineligibleForOffer(offer: id, reason: "its isEligible switch is off in the .storekit file")
            }
            guard case .lapsed(churned: true) = standing else {
                throw .ineligibleForOffer(
                    offer: id, reason: "win-back offers are for churned subscribers (expired with auto-renew off)")
            }
            return try application(offer, type: .winBackOffer, id: id, productId: productId)
        }
    }

    private static func application(
        _ offer: some SubscriptionOffer, type: OfferType, id: String, productId: String
    ) throws(LifecycleError) -> OfferApplication {
        guard let application = OfferApplication(offer, type: type, identifier: id, productId: productId) else {
            throw .invalidOfferPrice(offer: id, productId: productId)
        }
        return application
    }
}
