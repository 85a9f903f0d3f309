import Foundation
import StoreModel

extension Product.SubscriptionInfo {
    /// What happens at a subscription's next renewal (`Product.SubscriptionInfo.RenewalInfo`), decoded from
    /// the App Store's signed renewal information.
    public struct RenewalInfo: Hashable, Sendable {
        /// The decoded payload.
        let payload: JWSRenewalInfoDecodedPayload
        /// The compact JWS.
        let jws: String

        init(payload: JWSRenewalInfoDecodedPayload, jws: String) {
            self.payload = payload
            self.jws = jws
        }

        /// Creates renewal information in code, for tests and previews.
        public init(
            originalTransactionID: UInt64, currentProductID: String, autoRenewPreference: String? = nil,
            willAutoRenew: Bool = true, expirationReason: ExpirationReason? = nil, isInBillingRetry: Bool = false,
            gracePeriodExpirationDate: Date? = nil, priceIncreaseStatus: PriceIncreaseStatus = .noIncreasePending,
            renewalDate: Date? = nil, renewalPrice: Decimal? = nil, currencyCode: String? = nil,
            environment: AppStore.Environment = .sandbox, signedDate: Date = Date(timeIntervalSince1970: 1_704_067_200)
        ) {
            self.init(
                payload: JWSRenewalInfoDecodedPayload(
                    expirationIntent: expirationReason?.intent,
                    originalTransactionId: String(originalTransactionID),
                    autoRenewProductId: autoRenewPreference ?? currentProductID, productId: currentProductID,
                    autoRenewStatus: willAutoRenew ? .on : .off, isInBillingRetryPeriod: isInBillingRetry,
                    priceIncreaseStatus: priceIncreaseStatus.payloadStatus,
                    gracePeriodExpiresDate: gracePeriodExpirationDate.map(Timestamp.init),
                    signedDate: Timestamp(signedDate), environment: AppStoreEnvironment(rawValue: environment.rawValue),
                    renewalDate: renewalDate.map(Timestamp.init), currency: currencyCode,
                    renewalPrice: renewalPrice.map(Milliunits.from)),
                jws: "")
        }

        /// The subscription's original transaction identifier.
        public var originalTransactionID: UInt64 { UInt64(payload.originalTransactionId ?? "") ?? 0 }
        /// The product the customer is subscribed to now.
        public var currentProductID: String { payload.productId ?? "" }
        /// The product that renews at the next period (differs after a downgrade or crossgrade).
        public var autoRenewPreference: String? { payload.autoRenewProductId }
        /// Whether the subscription renews at the end of the period.
        public var willAutoRenew: Bool { payload.autoRenewStatus == .on }
        /// Why the subscription expired, once it has.
        public var expirationReason: ExpirationReason? { payload.expirationIntent.map { ExpirationReason(intent: $0) } }
        /// Whether the App Store is retrying a failed renewal.
        public var isInBillingRetry: Bool { payload.isInBillingRetryPeriod ?? false }
        /// When the billing grace period ends (`nil` unless in grace).
        public var gracePeriodExpirationDate: Date? { payload.gracePeriodExpiresDate?.date }
        /// Where the customer stands on a price increase.
        public var priceIncreaseStatus: PriceIncreaseStatus { PriceIncreaseStatus(payload.priceIncreaseStatus) }
        /// When the subscription renews next.
        public var renewalDate: Date? { payload.renewalDate?.date }
        /// The price of the next renewal, in currency units.
        public var renewalPrice: Decimal? { payload.renewalPrice.map { Decimal($0) / 1000 } }
        /// The currency of ``renewalPrice``.
        public var currency: Locale.Currency? { payload.currency.map { Locale.Currency($0) } }
        /// The offer that applies at the next renewal.
        public var offer: Transaction.Offer? {
            Transaction.Offer(
                offerType: payload.offerType, id: payload.offerIdentifier, discount: payload.offerDiscountType,
                period: payload.offerPeriod)
        }
        /// The win-back offers the customer may redeem.
        public var eligibleWinBackOfferIDs: [String] { payload.eligibleWinBackOfferIds ?? [] }
        /// When the latest run of continuous subscription began.
        public var recentSubscriptionStartDate: Date { (payload.recentSubscriptionStartDate ?? Timestamp(milliseconds: 0)).date }
        /// The app account token of the purchase.
        public var appAccountToken: UUID? { payload.appAccountTokenUUID }
        /// The identifier of the app download transaction.
        public var appTransactionID: String { payload.appTransactionId ?? "" }
        /// The server environment that signed it.
        public var environment: AppStore.Environment { AppStore.Environment(rawValue: payload.environment?.rawValue ?? "") }
        /// When the App Store signed it.
        public var signedDate: Date { (payload.signedDate ?? Timestamp(milliseconds: 0)).date }
        /// The device verification value.
        public var deviceVerification: Data { payload.deviceVerification.flatMap { Data(base64Encoded: $0) } ?? Data() }
        /// The nonce of ``deviceVerification``.
        public var deviceVerificationNonce: UUID { payload.deviceVerificationNonceUUID ?? UUID(uuid: UUID.zero) }
        /// The payload as JSON, in the App Store's field names.
        public var jsonRepresentation: Data { PayloadJSON.encode(payload) }
        /// The compact JWS.
        public var jwsRepresentation: String { jws }

        /// Equal when the payloads are.
        public static func == (lhs: RenewalInfo, rhs: RenewalInfo) -> Bool { lhs.payload == rhs.payload }

        /// Hashes the payload.
        public func hash(into hasher: inout Hasher) { hasher.combine(payload) }
    }
}
