/// The type of an App Store Server Notification V2.
///
/// Wire values (strings): `SUBSCRIBED`, `DID_CHANGE_RENEWAL_PREF`, `DID_CHANGE_RENEWAL_STATUS`, `OFFER_REDEEMED`,
/// `DID_RENEW`, `EXPIRED`, `DID_FAIL_TO_RENEW`, `GRACE_PERIOD_EXPIRED`, `PRICE_INCREASE`, `REFUND`,
/// `REFUND_DECLINED`, `CONSUMPTION_REQUEST`, `RENEWAL_EXTENDED`, `REVOKE`, `TEST`, `RENEWAL_EXTENSION`,
/// `REFUND_REVERSED`, `EXTERNAL_PURCHASE_TOKEN`, `ONE_TIME_CHARGE`, `RESCIND_CONSENT`, `METADATA_UPDATE`,
/// `MIGRATION`, `PRICE_CHANGE`.
public struct NotificationTypeV2: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer subscribed to an auto-renewable subscription (`SUBSCRIBED`).
    public static let subscribed = NotificationTypeV2(rawValue: "SUBSCRIBED")
    /// The customer changed the product the subscription renews to (`DID_CHANGE_RENEWAL_PREF`).
    public static let didChangeRenewalPref = NotificationTypeV2(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// The customer turned automatic renewal on or off (`DID_CHANGE_RENEWAL_STATUS`).
    public static let didChangeRenewalStatus = NotificationTypeV2(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// The customer redeemed a promotional offer or offer code (`OFFER_REDEEMED`).
    public static let offerRedeemed = NotificationTypeV2(rawValue: "OFFER_REDEEMED")
    /// The subscription renewed (`DID_RENEW`).
    public static let didRenew = NotificationTypeV2(rawValue: "DID_RENEW")
    /// The subscription expired (`EXPIRED`).
    public static let expired = NotificationTypeV2(rawValue: "EXPIRED")
    /// The subscription failed to renew because of a billing issue (`DID_FAIL_TO_RENEW`).
    public static let didFailToRenew = NotificationTypeV2(rawValue: "DID_FAIL_TO_RENEW")
    /// The billing grace period ended without a renewal (`GRACE_PERIOD_EXPIRED`).
    public static let gracePeriodExpired = NotificationTypeV2(rawValue: "GRACE_PERIOD_EXPIRED")
    /// The system informed the customer of a price increase (`PRICE_INCREASE`).
    public static let priceIncrease = NotificationTypeV2(rawValue: "PRICE_INCREASE")
    /// The App Store refunded a transaction (`REFUND`).
    public static let refund = NotificationTypeV2(rawValue: "REFUND")
    /// The App Store declined a refund request (`REFUND_DECLINED`).
    public static let refundDeclined = NotificationTypeV2(rawValue: "REFUND_DECLINED")
    /// The customer asked for a refund and the App Store requests consumption data (`CONSUMPTION_REQUEST`).
    public static let consumptionRequest = NotificationTypeV2(rawValue: "CONSUMPTION_REQUEST")
    /// The App Store extended the renewal date of a subscription (`RENEWAL_EXTENDED`).
    public static let renewalExtended = NotificationTypeV2(rawValue: "RENEWAL_EXTENDED")
    /// Family Sharing access to a purchase ended (`REVOKE`).
    public static let revoke = NotificationTypeV2(rawValue: "REVOKE")
    /// A test notification requested through the App Store Server API (`TEST`).
    public static let test = NotificationTypeV2(rawValue: "TEST")
    /// The App Store is extending renewal dates for many subscribers (`RENEWAL_EXTENSION`).
    public static let renewalExtension = NotificationTypeV2(rawValue: "RENEWAL_EXTENSION")
    /// The App Store reversed a previously granted refund (`REFUND_REVERSED`).
    public static let refundReversed = NotificationTypeV2(rawValue: "REFUND_REVERSED")
    /// An external purchase token was not reported in time (`EXTERNAL_PURCHASE_TOKEN`).
    public static let externalPurchaseToken = NotificationTypeV2(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    /// The customer bought a consumable, non-consumable or non-renewing subscription (`ONE_TIME_CHARGE`).
    public static let oneTimeCharge = NotificationTypeV2(rawValue: "ONE_TIME_CHARGE")
    /// A parent or guardian withdrew consent for a child's app use (`RESCIND_CONSENT`).
    public static let rescindConsent = NotificationTypeV2(rawValue: "RESCIND_CONSENT")
    /// An Advanced Commerce subscription's metadata changed (`METADATA_UPDATE`).
    public static let metadataUpdate = NotificationTypeV2(rawValue: "METADATA_UPDATE")
    /// A subscription migrated to the Advanced Commerce API (`MIGRATION`).
    public static let migration = NotificationTypeV2(rawValue: "MIGRATION")
    /// An Advanced Commerce subscription's price changed (`PRICE_CHANGE`).
    public static let priceChange = NotificationTypeV2(rawValue: "PRICE_CHANGE")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [NotificationTypeV2] = [
        .subscribed, .didChangeRenewalPref, .didChangeRenewalStatus, .offerRedeemed, .didRenew, .expired,
        .didFailToRenew, .gracePeriodExpired, .priceIncrease, .refund, .refundDeclined, .consumptionRequest,
        .renewalExtended, .revoke, .test, .renewalExtension, .refundReversed, .externalPurchaseToken, .oneTimeCharge,
        .rescindConsent, .metadataUpdate, .migration, .priceChange
    ]
}
