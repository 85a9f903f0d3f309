import EntitlementServer
import Foundation
import StoreCrypto
import StoreModel

/// Signs App Store data for the tests with a test certificate authority laid out like Apple's, the way the
/// emulator (or Apple) would.
struct TestAppStore: Sendable {
    static let bundleId = "com.example.notes"
    static let environment = AppStoreEnvironment.sandbox

    /// One authority for the whole test process (generating keys costs time).
    static let authority: CertificateAuthority = {
        do { return try CertificateAuthority.generate() } catch { fatalError("test CA: \(error)") }
    }()

    /// Another authority nobody trusts, for forgeries.
    static let forger: CertificateAuthority = {
        do { return try CertificateAuthority.generate() } catch { fatalError("forger CA: \(error)") }
    }()

    let authority: CertificateAuthority
    let bundleId: String
    let environment: AppStoreEnvironment

    init(authority: CertificateAuthority = TestAppStore.authority, bundleId: String = TestAppStore.bundleId,
         environment: AppStoreEnvironment = TestAppStore.environment) {
        self.authority = authority
        self.bundleId = bundleId
        self.environment = environment
    }

    func sign(_ value: some Encodable) -> String {
        do { return try authority.signer.sign(value) } catch { fatalError("signing failed: \(error)") }
    }

    /// A signed notification body as Apple POSTs it.
    func notificationBody(
        _ type: NotificationTypeV2, subtype: Subtype? = nil, uuid: String = UUID().uuidString.lowercased(), signedDate: Timestamp,
        transaction: JWSTransactionDecodedPayload?, renewal: JWSRenewalInfoDecodedPayload? = nil, status: Status? = nil
    ) -> Data {
        let payload = notificationPayload(
            type, subtype: subtype, uuid: uuid, signedDate: signedDate, transaction: transaction, renewal: renewal, status: status)
        return body(signedPayload: sign(payload))
    }

    func notificationPayload(
        _ type: NotificationTypeV2, subtype: Subtype? = nil, uuid: String, signedDate: Timestamp,
        transaction: JWSTransactionDecodedPayload?, renewal: JWSRenewalInfoDecodedPayload? = nil, status: Status? = nil
    ) -> ResponseBodyV2DecodedPayload {
        var signedTransaction = transaction
        signedTransaction?.signedDate = signedDate
        var signedRenewal = renewal
        signedRenewal?.signedDate = signedDate
        return ResponseBodyV2DecodedPayload(
            notificationType: type, subtype: subtype, notificationUUID: uuid,
            data: NotificationData(
                environment: environment, bundleId: bundleId, bundleVersion: "1",
                signedTransactionInfo: signedTransaction.map(sign), signedRenewalInfo: signedRenewal.map(sign), status: status),
            version: "2.0", signedDate: signedDate)
    }

    func body(signedPayload: String) -> Data {
        Data(#"{"signedPayload":"\#(signedPayload)"}"#.utf8)
    }

    /// A transaction of this app.
    func transaction(
        id: String, original: String? = nil, product: String, type: ProductType, purchase: Timestamp, expires: Timestamp? = nil,
        quantity: Int32 = 1, token: UUID? = nil, revoked: Timestamp? = nil, signedDate: Timestamp? = nil
    ) -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            originalTransactionId: original ?? id, transactionId: id, bundleId: bundleId, productId: product,
            purchaseDate: purchase, originalPurchaseDate: purchase, expiresDate: expires, quantity: quantity, type: type,
            appAccountToken: token?.uuidString.lowercased(), inAppOwnershipType: .purchased, signedDate: signedDate ?? purchase,
            revocationReason: revoked == nil ? nil : RevocationReason(rawValue: 0), revocationDate: revoked,
            environment: environment, transactionReason: .purchase)
    }

    /// Renewal info of a chain.
    func renewal(
        original: String, product: String, autoRenew: Bool = true, billingRetry: Bool = false, grace: Timestamp? = nil,
        token: UUID? = nil
    ) -> JWSRenewalInfoDecodedPayload {
        JWSRenewalInfoDecodedPayload(
            originalTransactionId: original, autoRenewProductId: product, productId: product,
            autoRenewStatus: autoRenew ? .on : .off, isInBillingRetryPeriod: billingRetry, gracePeriodExpiresDate: grace,
            environment: environment, appAccountToken: token?.uuidString.lowercased())
    }

    /// The server configuration the tests use: this app in Sandbox trusting the test root only.
    static func configuration(
        restorePolicy: RestorePolicy = .transfer, webhooks: [WebhookEndpoint] = []
    ) -> EntitlementServerConfiguration {
        EntitlementServerConfiguration(
            apps: [
                AppConfiguration(
                    bundleId: bundleId, appAppleId: 1_234_567_890,
                    environments: [EnvironmentTrust(environment: .sandbox, rootCertificates: [authority.root.derRepresentation])])
            ],
            products: [
                "notes.pro.monthly": ProductRule(capabilities: ["pro"]),
                "notes.pro.yearly": ProductRule(capabilities: ["pro", "sync"]),
                "notes.lifetime": ProductRule(capabilities: ["pro"]),
                "notes.pass.month": ProductRule(capabilities: ["pass"], nonRenewingDurationSeconds: 30 * 86_400),
                "notes.coins.100": ProductRule(consumable: ConsumableCredit(currency: "coins", amount: 100)),
            ],
            apiKeys: [APIKeyEntry(name: "tests", sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")],
            restorePolicy: restorePolicy, webhooks: webhooks)
    }
}

extension Timestamp {
    /// The instant `days` days after the test clock's start.
    static func day(_ days: Double) -> Timestamp {
        TestClock.start.adding(milliseconds: Int64(days * 86_400_000))
    }
}
