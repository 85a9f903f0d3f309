import Foundation

/// A transaction as the App Store signs it: the payload of `signedTransactionInfo`.
public struct JWSTransactionDecodedPayload: Codable, Hashable, Sendable {
    /// The transaction identifier of the original purchase.
    public var originalTransactionId: String?
    /// The unique identifier of this transaction.
    public var transactionId: String?
    /// The identifier of subscription purchase events across devices, including renewals.
    public var webOrderLineItemId: String?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The product identifier of the in-app purchase.
    public var productId: String?
    /// The identifier of the subscription group the subscription belongs to.
    public var subscriptionGroupIdentifier: String?
    /// When the App Store charged the customer (or the renewal began).
    public var purchaseDate: Timestamp?
    /// When the customer first bought the product (the original transaction).
    public var originalPurchaseDate: Timestamp?
    /// When the subscription expires or renews.
    public var expiresDate: Timestamp?
    /// The number of consumable products bought.
    public var quantity: Int32?
    /// The type of in-app purchase.
    public var type: ProductType?
    /// The UUID the app associated with the customer's account, as received.
    public var appAccountToken: String?
    /// Whether the customer bought the purchase or has it through Family Sharing.
    public var inAppOwnershipType: InAppOwnershipType?
    /// When the App Store signed the payload.
    public var signedDate: Timestamp?
    /// Why the App Store refunded or revoked the transaction.
    public var revocationReason: RevocationReason?
    /// When the App Store refunded or revoked the transaction.
    public var revocationDate: Timestamp?
    /// Whether the customer upgraded to another subscription in the group.
    public var isUpgraded: Bool?
    /// The type of offer applied.
    public var offerType: OfferType?
    /// The identifier of the promotional offer, offer code or win-back offer.
    public var offerIdentifier: String?
    /// The server environment that signed the transaction.
    public var environment: AppStoreEnvironment?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?
    /// Apple's identifier of the storefront.
    public var storefrontId: String?
    /// Whether the customer bought or the App Store renewed.
    public var transactionReason: TransactionReason?
    /// The ISO 4217 currency code of the price.
    public var currency: String?
    /// The price in milliunits of the currency.
    public var price: Int64?
    /// The payment mode of the applied offer.
    public var offerDiscountType: OfferDiscountType?
    /// The identifier of the app download transaction.
    public var appTransactionId: String?
    /// The ISO 8601 duration of the applied offer.
    public var offerPeriod: String?
    /// How the App Store revoked the transaction.
    public var revocationType: RevocationType?
    /// The refunded share, in milliunits of a percent (50000 = 50 %).
    public var revocationPercentage: Int32?
    /// Advanced Commerce details of the transaction.
    public var advancedCommerceInfo: AdvancedCommerceTransactionInfo?
    /// How a subscription with a commitment bills the customer.
    public var billingPlanType: BillingPlanType?
    /// The commitment the subscription transaction belongs to.
    public var commitmentInfo: TransactionCommitmentInfo?
    /// Base64 device verification value (StoreKit Testing in Xcode writes it).
    public var deviceVerification: String?
    /// The UUID nonce used for device verification, as received.
    public var deviceVerificationNonce: String?

    /// Creates a value; every field defaults to absent.
    public init(
        originalTransactionId: String? = nil,
        transactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        bundleId: String? = nil,
        productId: String? = nil,
        subscriptionGroupIdentifier: String? = nil,
        purchaseDate: Timestamp? = nil,
        originalPurchaseDate: Timestamp? = nil,
        expiresDate: Timestamp? = nil,
        quantity: Int32? = nil,
        type: ProductType? = nil,
        appAccountToken: String? = nil,
        inAppOwnershipType: InAppOwnershipType? = nil,
        signedDate: Timestamp? = nil,
        revocationReason: RevocationReason? = nil,
        revocationDate: Timestamp? = nil,
        isUpgraded: Bool? = nil,
        offerType: OfferType? = nil,
        offerIdentifier: String? = nil,
        environment: AppStoreEnvironment? = nil,
        storefront: String? = nil,
        storefrontId: String? = nil,
        transactionReason: TransactionReason? = nil,
        currency: String? = nil,
        price: Int64? = nil,
        offerDiscountType: OfferDiscountType? = nil,
        appTransactionId: String? = nil,
        offerPeriod: String? = nil,
        revocationType: RevocationType? = nil,
        revocationPercentage: Int32? = nil,
        advancedCommerceInfo: AdvancedCommerceTransactionInfo? = nil,
        billingPlanType: BillingPlanType? = nil,
        commitmentInfo: TransactionCommitmentInfo? = nil,
        deviceVerification: String? = nil,
        deviceVerificationNonce: String? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.bundleId = bundleId
        self.productId = productId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expiresDate = expiresDate
        self.quantity = quantity
        self.type = type
        self.appAccountToken = appAccountToken
        self.inAppOwnershipType = inAppOwnershipType
        self.signedDate = signedDate
        self.revocationReason = revocationReason
        self.revocationDate = revocationDate
        self.isUpgraded = isUpgraded
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.environment = environment
        self.storefront = storefront
        self.storefrontId = storefrontId
        self.transactionReason = transactionReason
        self.currency = currency
        self.price = price
        self.offerDiscountType = offerDiscountType
        self.appTransactionId = appTransactionId
        self.offerPeriod = offerPeriod
        self.revocationType = revocationType
        self.revocationPercentage = revocationPercentage
        self.advancedCommerceInfo = advancedCommerceInfo
        self.billingPlanType = billingPlanType
        self.commitmentInfo = commitmentInfo
        self.deviceVerification = deviceVerification
        self.deviceVerificationNonce = deviceVerificationNonce
    }
}

extension JWSTransactionDecodedPayload {
    /// `appAccountToken` parsed as a UUID; nil when absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap { UUID(uuidString: $0) } }

    /// `deviceVerificationNonce` parsed as a UUID; nil when absent or not a UUID.
    public var deviceVerificationNonceUUID: UUID? { deviceVerificationNonce.flatMap { UUID(uuidString: $0) } }
}

extension JWSTransactionDecodedPayload: SignedPayload {
    /// The signing date: the chain is validated at `signedDate`.
    public var verificationInstant: Timestamp? { signedDate }

    /// Bundle identifier and environment are checked; there is no app Apple ID to compare.
    public var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: true, bundleId: bundleId, checksAppAppleId: false, appAppleId: nil,
            environment: environment)
    }
}
