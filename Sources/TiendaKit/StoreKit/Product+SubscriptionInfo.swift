extension Product {
    /// What an auto-renewable subscription offers (`Product.SubscriptionInfo`): its group, period, level and
    /// offers, plus the customer's status and introductory-offer eligibility, asked of the store.
    public struct SubscriptionInfo: Hashable, Sendable {
        /// The identifier of the subscription group.
        public let subscriptionGroupID: String
        /// The localized name of the group, when the catalog has one.
        public let groupDisplayName: String?
        /// The service level in the group: 1 is the highest.
        public let groupLevel: Int
        /// How long one paid period lasts.
        public let subscriptionPeriod: Product.SubscriptionPeriod
        /// The introductory offer, if the subscription has one.
        public let introductoryOffer: Product.SubscriptionOffer?
        /// The promotional offers.
        public let promotionalOffers: [Product.SubscriptionOffer]
        /// The win-back offers.
        public let winBackOffers: [Product.SubscriptionOffer]
        /// The client the product came through.
        let client: StoreClient?

        /// Creates subscription information.
        public init(
            subscriptionGroupID: String, groupDisplayName: String? = nil, groupLevel: Int = 1,
            subscriptionPeriod: Product.SubscriptionPeriod, introductoryOffer: Product.SubscriptionOffer? = nil,
            promotionalOffers: [Product.SubscriptionOffer] = [], winBackOffers: [Product.SubscriptionOffer] = []
        ) {
            self.init(
                subscriptionGroupID: subscriptionGroupID, groupDisplayName: groupDisplayName, groupLevel: groupLevel,
                subscriptionPeriod: subscriptionPeriod, introductoryOffer: introductoryOffer,
                promotionalOffers: promotionalOffers, winBackOffers: winBackOffers, client: nil)
        }

        init(
            subscriptionGroupID: String, groupDisplayName: String?, groupLevel: Int,
            subscriptionPeriod: Product.SubscriptionPeriod, introductoryOffer: Product.SubscriptionOffer?,
            promotionalOffers: [Product.SubscriptionOffer], winBackOffers: [Product.SubscriptionOffer],
            client: StoreClient?
        ) {
            self.subscriptionGroupID = subscriptionGroupID
            self.groupDisplayName = groupDisplayName
            self.groupLevel = groupLevel
            self.subscriptionPeriod = subscriptionPeriod
            self.introductoryOffer = introductoryOffer
            self.promotionalOffers = promotionalOffers
            self.winBackOffers = winBackOffers
            self.client = client
        }

        /// The customer's statuses in this subscription's group (empty when they never subscribed); one per
        /// purchased or family-shared subscription.
        public var status: [Status] {
            get async throws {
                try await Self.status(for: subscriptionGroupID, client: StoreClient.resolve(client))
            }
        }

        /// Whether the customer may still receive this group's introductory offer.
        public var isEligibleForIntroOffer: Bool {
            get async { await Self.isEligibleForIntroOffer(for: subscriptionGroupID, client: try? StoreClient.resolve(client)) }
        }

        /// The customer's statuses in a subscription group.
        public static func status(for groupID: String) async throws -> [Status] {
            try await status(for: groupID, client: StoreClient.resolve(nil))
        }

        /// Whether the customer may still receive a group's introductory offer (`false` when the store cannot say).
        public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
            await isEligibleForIntroOffer(for: groupID, client: try? StoreClient.resolve(nil))
        }

        /// Equal when everything but the client is.
        public static func == (lhs: SubscriptionInfo, rhs: SubscriptionInfo) -> Bool {
            lhs.subscriptionGroupID == rhs.subscriptionGroupID && lhs.groupDisplayName == rhs.groupDisplayName
                && lhs.groupLevel == rhs.groupLevel && lhs.subscriptionPeriod == rhs.subscriptionPeriod
                && lhs.introductoryOffer == rhs.introductoryOffer && lhs.promotionalOffers == rhs.promotionalOffers
                && lhs.winBackOffers == rhs.winBackOffers
        }

        /// Hashes the group and period.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(subscriptionGroupID)
            hasher.combine(subscriptionPeriod)
        }

        static func status(for groupID: String, client: StoreClient) async throws(StoreKitError) -> [Status] {
            let statuses = try await client.backend.subscriptionStatuses(groupID: groupID)
            let simulated = await client.backend.simulatedVerificationError()
            return statuses.compactMap { client.status($0, simulated: simulated) }
        }

        static func isEligibleForIntroOffer(for groupID: String, client: StoreClient?) async -> Bool {
            guard let client else { return false }
            return (try? await client.backend.isEligibleForIntroOffer(groupID: groupID)) ?? false
        }
    }
}
