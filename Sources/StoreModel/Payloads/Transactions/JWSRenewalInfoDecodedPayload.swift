import Foundation

/// Subscription renewal information as the App Store signs it: the payload of `signedRenewalInfo`.
public struct JWSRenewalInfoDecodedPayload: Codable, Hashable, Sendable {
    /// Why the subscription expired.
    public var expirationIntent: ExpirationIntent?
    /// The transaction identifier of the original purchase.
    public var originalTransactionId: String?
    /// The product the subscription renews to at the next period.
    public var autoRenewProductId: String?
    /// The product identifier of the current subscription.
    public var productId: String?
    /// Whether the subscription renews automatically.
    public var autoRenewStatus: AutoRenewStatus?
    /// Whether the App Store is still trying to renew after a billing failure.
    public var isInBillingRetryPeriod: Bool?
    /// Where the customer stands on a price increase.
    public var priceIncreaseStatus: PriceIncreaseStatus?
    /// When the billing grace period ends.
    public var gracePeriodExpiresDate: Timestamp?
    /// The type of offer that applies at the next renewal.
    public var offerType: OfferType?
    /// The identifier of the offer that applies at the next renewal.
    public var offerIdentifier: String?
    /// When the App Store signed the payload.
    public var signedDate: Timestamp?
    /// The server environment that signed the renewal information.
    public var environment: AppStoreEnvironment?
    /// The start of the most recent run of continuous subscription.
    public var recentSubscriptionStartDate: Timestamp?
    /// When the subscription renews next.
    public var renewalDate: Timestamp?
    /// The ISO 4217 currency code of the renewal price.
    public var currency: String?
    /// The renewal price in milliunits of the currency.
    public var renewalPrice: Int64?
    /// The payment mode of the offer at the next renewal.
    public var offerDiscountType: OfferDiscountType?
    /// The win-back offers the customer is eligible for.
    public var eligibleWinBackOfferIds: [String]?
    /// The UUID the app associated with the customer's account, as received.
    public var appAccountToken: String?
    /// The identifier of the app download transaction.
    public var appTransactionId: String?
    /// The ISO 8601 duration of the offer at the next renewal.
    public var offerPeriod: String?
    /// Advanced Commerce details of the renewal.
    public var advancedCommerceInfo: AdvancedCommerceRenewalInfo?
    /// The commitment that applies at the next renewal.
    public var commitmentInfo: RenewalCommitmentInfo?
    /// How the subscription bills at the next renewal.
    public var renewalBillingPlanType: BillingPlanType?
    /// Base64 device verification value (StoreKit Testing in Xcode writes it).
    public var deviceVerification: String?
    /// The UUID nonce used for device verification, as received.
    public var deviceVerificationNonce: String?

    /// Creates a value; every field defaults to absent.
    public init(
        expirationIntent: ExpirationIntent? = nil,
        originalTransactionId: String? = nil,
        autoRenewProductId: String? = nil,
        productId: String? = nil,
        autoRenewStatus: AutoRenewStatus? = nil,
        isInBillingRetryPeriod: Bool? = nil,
        priceIncreaseStatus: PriceIncreaseStatus? = nil,
        gracePeriodExpiresDate: Timestamp? = nil,
        offerType: OfferType? = nil,
        offerIdentifier: String? = nil,
        signedDate: Timestamp? = nil,
        environment: AppStoreEnvironment? = nil,
        recentSubscriptionStartDate: Timestamp? = nil,
        renewalDate: Timestamp? = nil,
        currency: String? = nil,
        renewalPrice: Int64? = nil,
        offerDiscountType: OfferDiscountType? = nil,
        eligibleWinBackOfferIds: [String]? = nil,
        appAccountToken: String? = nil,
        appTransactionId: String? = nil,
        offerPeriod: String? = nil,
        advancedCommerceInfo: AdvancedCommerceRenewalInfo? = nil,
        commitmentInfo: RenewalCommitmentInfo? = nil,
        renewalBillingPlanType: BillingPlanType? = nil,
        deviceVerification: String? = nil,
        deviceVerificationNonce: String? = nil
    ) {
        self.expirationIntent = expirationIntent
        self.originalTransactionId = originalTransactionId
        self.autoRenewProductId = autoRenewProductId
        self.productId = productId
        self.autoRenewStatus = autoRenewStatus
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.priceIncreaseStatus = priceIncreaseStatus
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.signedDate = signedDate
        self.environment = environment
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.renewalDate = renewalDate
        self.currency = currency
        self.renewalPrice = renewalPrice
        self.offerDiscountType = offerDiscountType
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.appAccountToken = appAccountToken
        self.appTransactionId = appTransactionId
        self.offerPeriod = offerPeriod
        self.advancedCommerceInfo = advancedCommerceInfo
        self.commitmentInfo = commitmentInfo
        self.renewalBillingPlanType = renewalBillingPlanType
        self.deviceVerification = deviceVerification
        self.deviceVerificationNonce = deviceVerificationNonce
    }
}

extension JWSRenewalInfoDecodedPayload {
    /// `appAccountToken` parsed as a UUID; nil when absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap { UUID(uuidString: $0) } }

    /// `deviceVerificationNonce` parsed as a UUID; nil when absent or not a UUID.
    public var deviceVerificationNonceUUID: UUID? { deviceVerificationNonce.flatMap { UUID(uuidString: $0) } }
}

extension JWSRenewalInfoDecodedPayload: SignedPayload {
    /// The signing date: the chain is validated at `signedDate`.
    public var verificationInstant: Timestamp? { signedDate }

    /// Only the environment is checked: renewal information carries no bundle identifier.
    public var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: false, bundleId: nil, checksAppAppleId: false, appAppleId: nil, environment: environment)
    }
}
