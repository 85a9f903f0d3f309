import EntitlementServer
import Foundation
import StoreCrypto
import StoreModel

/// A test App Store for the benchmark: a certificate authority, the server configuration that trusts it, and
/// signed notification bodies (consumable purchases and subscription purchases and renewals, across accounts).
struct BenchmarkStore {
    static let bundleId = "com.example.bench"
    let authority: CertificateAuthority
    let configuration: EntitlementServerConfiguration

    init() throws {
        authority = try CertificateAuthority.generate()
        configuration = EntitlementServerConfiguration(
            apps: [
                AppConfiguration(
                    bundleId: Self.bundleId, appAppleId: 1,
                    environments: [EnvironmentTrust(environment: .sandbox, rootCertificates: [authority.root.derRepresentation])])
            ],
            products: [
                "bench.pro.monthly": ProductRule(capabilities: ["pro"]),
                "bench.coins": ProductRule(consumable: ConsumableCredit(currency: "coins", amount: 10)),
            ],
            apiKeys: [APIKeyEntry(name: "bench", sha256: SHA256.hash(Array(Self.apiKey.utf8)).description)])
    }

    static let apiKey = "bench-key"

    /// The account identifier of account number `index` (its appAccountToken).
    static func account(_ index: Int) -> String {
        String(format: "00000000-0000-4000-8000-%012x", index)
    }

    /// `count` signed notification bodies over `accounts` accounts, in a realistic order.
    func notifications(count: Int, accounts: Int) throws -> [Data] {
        var bodies: [Data] = []
        bodies.reserveCapacity(count)
        let start: Int64 = 1_704_067_200_000
        var transactionId: Int64 = 2_000_000_000_000_000
        var index = 0
        while bodies.count < count {
            let account = index % accounts
            let token = Self.account(account)
            let purchase = start + Int64(index) * 1000
            transactionId += 1
            if index % 3 == 0 {
                let original = String(transactionId)
                var transaction = self.transaction(id: original, original: original, product: "bench.pro.monthly", type: .autoRenewable,
                                                   purchase: purchase, token: token)
                transaction.expiresDate = Timestamp(milliseconds: purchase + 30 * 86_400_000)
                bodies.append(try body(.subscribed, .initialBuy, transaction, status: .active, at: purchase))
                for renewal in 1..<3 where bodies.count < count {
                    transactionId += 1
                    var next = transaction
                    next.transactionId = String(transactionId)
                    next.purchaseDate = Timestamp(milliseconds: purchase + Int64(renewal) * 30 * 86_400_000)
                    next.expiresDate = Timestamp(milliseconds: purchase + Int64(renewal + 1) * 30 * 86_400_000)
                    bodies.append(try body(.didRenew, nil, next, status: .active, at: next.purchaseDate!.milliseconds))
                }
            } else {
                let id = String(transactionId)
                bodies.append(try body(.oneTimeCharge, nil, transaction(id: id, original: id, product: "bench.coins", type: .consumable,
                                                                        purchase: purchase, token: token), status: nil, at: purchase))
            }
            index += 1
        }
        return Array(bodies.prefix(count))
    }

    private func transaction(
        id: String, original: String, product: String, type: ProductType, purchase: Int64, token: String
    ) -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            originalTransactionId: original, transactionId: id, bundleId: Self.bundleId, productId: product,
            purchaseDate: Timestamp(milliseconds: purchase), originalPurchaseDate: Timestamp(milliseconds: purchase), quantity: 1,
            type: type, appAccountToken: token, inAppOwnershipType: .purchased, signedDate: Timestamp(milliseconds: purchase),
            environment: .sandbox, transactionReason: .purchase)
    }

    private func body(
        _ type: NotificationTypeV2, _ subtype: Subtype?, _ transaction: JWSTransactionDecodedPayload, status: Status?, at signedDate: Int64
    ) throws -> Data {
        var renewal: String?
        if transaction.type == .autoRenewable {
            renewal = try authority.signer.sign(
                JWSRenewalInfoDecodedPayload(
                    originalTransactionId: transaction.originalTransactionId, autoRenewProductId: transaction.productId,
                    productId: transaction.productId, autoRenewStatus: .on, signedDate: Timestamp(milliseconds: signedDate),
                    environment: .sandbox))
        }
        let payload = ResponseBodyV2DecodedPayload(
            notificationType: type, subtype: subtype, notificationUUID: UUID().uuidString.lowercased(),
            data: NotificationData(
                environment: .sandbox, bundleId: Self.bundleId, signedTransactionInfo: try authority.signer.sign(transaction),
                signedRenewalInfo: renewal, status: status),
            version: "2.0", signedDate: Timestamp(milliseconds: signedDate))
        return Data(#"{"signedPayload":"\#(try authority.signer.sign(payload))"}"#.utf8)
    }
}
