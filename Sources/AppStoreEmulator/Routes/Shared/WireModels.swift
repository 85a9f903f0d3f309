import AppStoreEngine
import Foundation
import StoreModel

/// A transaction as the StoreKit-facing and control APIs answer it: the JWS a device would receive and its
/// decoded payload with Apple's keys, so a client can verify the one and read the other.
struct TransactionJSON: Encodable, Sendable {
    /// The signed transaction (`jwsRepresentation`).
    let jws: String
    /// The decoded payload.
    let transaction: JWSTransactionDecodedPayload

    init(_ signed: SignedTransaction) {
        jws = signed.jws
        transaction = signed.payload
    }
}

/// A subscription's status: state, the latest transaction and the renewal info, signed and decoded.
struct SubscriptionStatusJSON: Encodable, Sendable {
    let state: String
    let status: Int
    let originalTransactionId: String
    let transaction: TransactionJSON
    let renewalInfoJWS: String
    let renewalInfo: JWSRenewalInfoDecodedPayload

    init(_ status: SubscriptionStatus) {
        state = status.state.rawValue
        self.status = status.stateRawValue
        originalTransactionId = status.originalTransactionId
        transaction = TransactionJSON(status.transaction)
        renewalInfoJWS = status.renewalInfo.jws
        renewalInfo = status.renewalInfo.payload
    }
}

/// A purchase waiting for Ask to Buy approval or for a purchase issue to be resolved.
struct PendingPurchaseJSON: Encodable, Sendable {
    let id: String
    let kind: String
    let bundleId: String
    let accountId: String
    let productId: String
    let quantity: Int
    let requestDate: Timestamp

    init(_ pending: PendingPurchase) {
        id = pending.id
        kind = pending.kind.rawValue
        bundleId = pending.request.bundleId
        accountId = pending.request.accountId
        productId = pending.request.productId
        quantity = pending.request.quantity
        requestDate = pending.requestDate
    }
}

/// The outcome of a purchase: `success` with the transaction, or `pending` (Ask to Buy, purchase issue).
struct PurchaseResultJSON: Encodable, Sendable {
    let result: String
    let transaction: TransactionJSON?
    let pendingPurchase: PendingPurchaseJSON?

    init(_ result: PurchaseResult) {
        switch result {
        case .success(let signed):
            self.result = "success"
            transaction = TransactionJSON(signed)
            pendingPurchase = nil
        case .pending(let pending):
            self.result = "pending"
            transaction = nil
            pendingPurchase = PendingPurchaseJSON(pending)
        }
    }
}

/// A product of the catalog as clients list it.
struct ProductJSON: Encodable, Sendable {
    let id: String
    let type: String
    let referenceName: String
    let displayName: String?
    let description: String?
    let displayPrice: String
    let priceMilliunits: Int64?
    let familyShareable: Bool
    let subscription: Subscription?

    struct Subscription: Encodable, Sendable {
        let groupId: String
        let groupLevel: Int
        let period: String
        let introductoryOffer: Bool
        let promotionalOfferIds: [String]
    }

    init(_ product: CatalogProduct, locale: String) {
        id = product.productID
        type = product.kind.rawValue
        referenceName = product.referenceName
        displayName = product.displayName(for: locale)
        description = product.description(for: locale)
        displayPrice = product.displayPrice.text
        priceMilliunits = product.displayPrice.milliunits
        familyShareable = product.familyShareable
        subscription = product.subscription.map { subscription in
            Subscription(
                groupId: subscription.subscriptionGroupID, groupLevel: subscription.groupNumber,
                period: subscription.recurringSubscriptionPeriod.iso8601,
                introductoryOffer: subscription.introductoryOffer != nil || !subscription.introductoryOffers.isEmpty,
                promotionalOfferIds: subscription.promotionalOffers.map(\.offerID))
        }
    }
}

/// A notification in the outbox with its delivery state.
struct NotificationJSON: Encodable, Sendable {
    let sequence: Int64
    let notificationUUID: String
    let bundleId: String
    let notificationType: String
    let subtype: String?
    let name: String
    let transactionId: String?
    let originalTransactionId: String?
    let signedDate: Timestamp
    let deliveryState: String
    let attempts: [DeliveryAttempt]
    let signedPayload: String

    init(_ notification: OutboxNotification) {
        sequence = notification.sequence
        notificationUUID = notification.notificationUUID
        bundleId = notification.bundleId
        notificationType = notification.notificationType.rawValue
        subtype = notification.subtype?.rawValue
        name = notification.name
        transactionId = notification.transactionId
        originalTransactionId = notification.originalTransactionId
        signedDate = notification.signedDate
        deliveryState = notification.deliveryState.rawValue
        attempts = notification.attempts
        signedPayload = notification.signedPayload
    }
}

/// A signed app transaction and its payload.
struct AppTransactionJSON: Encodable, Sendable {
    let jws: String
    let appTransaction: AppTransaction

    init(_ signed: SignedAppTransaction) {
        jws = signed.jws
        appTransaction = signed.payload
    }
}
