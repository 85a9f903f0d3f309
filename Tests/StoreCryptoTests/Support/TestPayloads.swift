import StoreModel

/// A transaction-like payload: bundle identifier and environment are required, like the checks that use them.
struct TestTransactionPayload: SignedPayload, Equatable {
    var bundleId: String
    var environment: AppStoreEnvironment
    var signedDate: Timestamp?
    var transactionId: String?

    var verificationInstant: Timestamp? { signedDate }
    var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: true, bundleId: bundleId, checksAppAppleId: false, appAppleId: nil, environment: environment)
    }
}

/// A renewal-info-like payload: no bundle identifier, so none is checked.
struct TestRenewalPayload: SignedPayload, Equatable {
    var environment: AppStoreEnvironment?
    var signedDate: Timestamp?

    var verificationInstant: Timestamp? { signedDate }
    var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: false, bundleId: nil, checksAppAppleId: false, appAppleId: nil, environment: environment)
    }
}

/// A notification-like payload: identity read from `data`, app Apple ID checked in Production.
struct TestNotificationPayload: SignedPayload, Equatable {
    struct NotificationData: Codable, Sendable, Equatable {
        var appAppleId: Int64?
        var bundleId: String?
        var environment: AppStoreEnvironment?
    }

    var notificationType: String?
    var notificationUUID: String?
    var data: NotificationData?
    var signedDate: Timestamp?

    var verificationInstant: Timestamp? { signedDate }
    var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: true, bundleId: data?.bundleId, checksAppAppleId: true, appAppleId: data?.appAppleId,
            environment: data?.environment)
    }
}

/// An app-transaction-like payload: the environment is `receiptType`, the instant `receiptCreationDate`.
struct TestAppTransactionPayload: SignedPayload, Equatable {
    var bundleId: String?
    var appAppleId: Int64?
    var receiptType: AppStoreEnvironment?
    var receiptCreationDate: Timestamp?
    var originalPurchaseDate: Timestamp?

    var verificationInstant: Timestamp? { receiptCreationDate }
    var verificationIdentity: SignedPayloadIdentity {
        SignedPayloadIdentity(
            checksBundleId: true, bundleId: bundleId, checksAppAppleId: true, appAppleId: appAppleId,
            environment: receiptType)
    }
}
