/// An auto-renewable subscription (`subscriptionGroups[].subscriptions[]`, `type: "RecurringSubscription"`).
public struct StoreKitSubscription: Hashable, Sendable {
    /// `productID`.
    public var productID: String
    /// `referenceName` ("" when missing).
    public var referenceName: String
    /// `displayPrice`: the price of one `recurringSubscriptionPeriod` (empty text when missing).
    public var displayPrice: DisplayPrice
    /// `familyShareable` (false when missing).
    public var familyShareable: Bool
    /// `internalID` ("" when missing).
    public var internalID: String
    /// `localizations`.
    public var localizations: [StoreKitLocalization]
    /// The id of the group that holds the subscription. The loader takes it from the enclosing group, not from
    /// the subscription's own `subscriptionGroupID`, and warns when the two differ.
    public var subscriptionGroupID: String
    /// `groupNumber`: the service level in the group. 1 is the highest tier; a larger number is a lower tier;
    /// several subscriptions may share a level. 1 when missing (with a warning).
    public var groupNumber: Int
    /// `recurringSubscriptionPeriod`: how long one paid period lasts.
    public var recurringSubscriptionPeriod: SubscriptionPeriod
    /// `introductoryOffer`: the single introductory offer (`nil` when missing or `null`).
    public var introductoryOffer: StoreKitIntroductoryOffer?
    /// `introductoryOffers`: format 5.0's introductory offers, one per billing plan (kept next to the single one).
    public var introductoryOffers: [StoreKitIntroductoryOffer]
    /// `adHocOffers`: promotional offers.
    public var promotionalOffers: [StoreKitPromotionalOffer]
    /// `codeOffers`: offer codes.
    public var offerCodes: [StoreKitOfferCode]
    /// `winbackOffers`: win-back offers.
    public var winBackOffers: [StoreKitWinBackOffer]
    /// `billingPlans` (format 5.0).
    public var billingPlans: [StoreKitBillingPlan]

    /// Creates a subscription.
    public init(
        productID: String, referenceName: String = "", displayPrice: DisplayPrice = "", familyShareable: Bool = false,
        internalID: String = "", localizations: [StoreKitLocalization] = [], subscriptionGroupID: String,
        groupNumber: Int = 1, recurringSubscriptionPeriod: SubscriptionPeriod,
        introductoryOffer: StoreKitIntroductoryOffer? = nil, introductoryOffers: [StoreKitIntroductoryOffer] = [],
        promotionalOffers: [StoreKitPromotionalOffer] = [], offerCodes: [StoreKitOfferCode] = [], winBackOffers: [StoreKitWinBackOffer] = [],
        billingPlans: [StoreKitBillingPlan] = []
    ) {
        self.productID = productID
        self.referenceName = referenceName
        self.displayPrice = displayPrice
        self.familyShareable = familyShareable
        self.internalID = internalID
        self.localizations = localizations
        self.subscriptionGroupID = subscriptionGroupID
        self.groupNumber = groupNumber
        self.recurringSubscriptionPeriod = recurringSubscriptionPeriod
        self.introductoryOffer = introductoryOffer
        self.introductoryOffers = introductoryOffers
        self.promotionalOffers = promotionalOffers
        self.offerCodes = offerCodes
        self.winBackOffers = winBackOffers
        self.billingPlans = billingPlans
    }

    /// Always ``StoreKitProductKind/autoRenewableSubscription``.
    public var kind: StoreKitProductKind { .autoRenewableSubscription }

    /// The introductory offer for a billing plan: the `introductoryOffers[]` entry with that plan type, else
    /// the single `introductoryOffer`, else the first `introductoryOffers[]` entry. With `nil`, the single
    /// offer or the first entry.
    public func introductoryOffer(for billingPlanType: BillingPlanType? = nil) -> StoreKitIntroductoryOffer? {
        if let billingPlanType,
            let match = introductoryOffers.first(where: { $0.billingPlanType == billingPlanType })
        {
            return match
        }
        return introductoryOffer ?? introductoryOffers.first
    }

    /// The promotional offer with `offerID`.
    public func promotionalOffer(id offerID: String) -> StoreKitPromotionalOffer? {
        promotionalOffers.first { $0.offerID == offerID }
    }

    /// The offer code with `referenceName`.
    public func offerCode(referenceName: String) -> StoreKitOfferCode? {
        offerCodes.first { $0.referenceName == referenceName }
    }

    /// The win-back offer with `offerID`.
    public func winBackOffer(id offerID: String) -> StoreKitWinBackOffer? {
        winBackOffers.first { $0.offerID == offerID }
    }

    /// The best localization for `locale` (see `Array<StoreKitLocalization>.best(for:)`).
    public func localization(for locale: String) -> StoreKitLocalization? { localizations.best(for: locale) }

    /// The display name for `locale`, or `nil` without localizations.
    public func displayName(for locale: String) -> String? { localization(for: locale)?.displayName }

    /// The description for `locale`, or `nil` without localizations.
    public func description(for locale: String) -> String? { localization(for: locale)?.description }

    /// Reads one subscription of the group whose id is `groupID`.
    static func read(
        _ object: JSONObjectReader, groupID: String
    ) throws(StoreKitConfigurationError) -> StoreKitSubscription {
        let context = object.context
        if let typeNode = object.child("type") {
            let text = try typeNode.string()
            guard text == StoreKitProductKind.autoRenewableSubscription.rawValue else {
                throw context.error(
                    at: typeNode.path, .notOneOf(text, allowed: [StoreKitProductKind.autoRenewableSubscription.rawValue]))
            }
        }
        if let declared = try object.string("subscriptionGroupID"), declared != groupID {
            context.warn(
                at: object.path.appending(key: "subscriptionGroupID"),
                "\(quotedJSONString(declared)) differs from the enclosing group's id \(quotedJSONString(groupID)); "
                    + "using the enclosing group")
        }
        var groupNumber = 1
        if let levelNode = object.child("groupNumber") {
            groupNumber = try levelNode.int()
        } else {
            context.warn(at: object.path.appending(key: "groupNumber"), "missing; using level 1")
        }
        var introductoryOffer: StoreKitIntroductoryOffer?
        if let introNode = object.child("introductoryOffer") {
            introductoryOffer = try StoreKitIntroductoryOffer.read(try introNode.object())
        }
        return StoreKitSubscription(
            productID: try object.requiredString("productID", expected: "a product ID string"),
            referenceName: try object.string("referenceName") ?? "",
            displayPrice: try DisplayPrice.read("displayPrice", in: object) ?? "",
            familyShareable: try object.bool("familyShareable") ?? false,
            internalID: try object.string("internalID") ?? "",
            localizations: try object.objects("localizations", StoreKitLocalization.read),
            subscriptionGroupID: groupID,
            groupNumber: groupNumber,
            recurringSubscriptionPeriod: try SubscriptionPeriod.readRequired("recurringSubscriptionPeriod", in: object),
            introductoryOffer: introductoryOffer,
            introductoryOffers: try object.objects("introductoryOffers", StoreKitIntroductoryOffer.read),
            promotionalOffers: try object.objects("adHocOffers", StoreKitPromotionalOffer.read),
            offerCodes: try object.objects("codeOffers", StoreKitOfferCode.read),
            winBackOffers: try object.objects("winbackOffers", StoreKitWinBackOffer.read),
            billingPlans: try object.objects("billingPlans", StoreKitBillingPlan.read))
    }
}
