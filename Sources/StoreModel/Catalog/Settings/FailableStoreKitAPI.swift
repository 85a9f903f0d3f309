/// A StoreKit API whose failures the test environment can simulate (`_storeKitErrors[].name`, format 3.0+),
/// like StoreKitTest's `FailableStoreKitAPI`. Wire values are the names Xcode writes; unknown names are kept.
public struct FailableStoreKitAPI: OpenEnumeration {
    /// The wire value.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `Load Products` (`.loadProducts`).
    public static let loadProducts = FailableStoreKitAPI(rawValue: "Load Products")
    /// `Purchase` (`.purchase`).
    public static let purchase = FailableStoreKitAPI(rawValue: "Purchase")
    /// `Verification` (`.verification`).
    public static let verification = FailableStoreKitAPI(rawValue: "Verification")
    /// `App Store Sync` (`.appStoreSync`).
    public static let appStoreSync = FailableStoreKitAPI(rawValue: "App Store Sync")
    /// `Subscription Status` (`.subscriptionStatus`).
    public static let subscriptionStatus = FailableStoreKitAPI(rawValue: "Subscription Status")
    /// `App Transaction` (`.appTransaction`).
    public static let appTransaction = FailableStoreKitAPI(rawValue: "App Transaction")
    /// `Manage Subscriptions Sheet` (`.manageSubscriptions`).
    public static let manageSubscriptions = FailableStoreKitAPI(rawValue: "Manage Subscriptions Sheet")
    /// `Refund Request Sheet` (`.refundRequest`).
    public static let refundRequest = FailableStoreKitAPI(rawValue: "Refund Request Sheet")
    /// `Offer Code Redeem Sheet` (`.offerCodeRedeem`).
    public static let offerCodeRedeem = FailableStoreKitAPI(rawValue: "Offer Code Redeem Sheet")

    /// The nine APIs in the order Xcode writes them.
    public static let knownValues: [FailableStoreKitAPI] = [
        .loadProducts, .purchase, .verification, .appStoreSync, .subscriptionStatus, .appTransaction,
        .manageSubscriptions, .refundRequest, .offerCodeRedeem,
    ]
}
