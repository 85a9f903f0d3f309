import Foundation
import StoreCrypto
import StoreModel

/// Writes JWS seeds signed by a freshly generated Tienda ``CertificateAuthority`` into the directory given as the
/// only argument: a transaction, a renewal info and a notification, as the emulator signs them (an `x5c` chain of
/// three certificates), plus a chain with an extra certificate so the fuzzer starts from a 4-entry `x5c`.
@main
struct MakeJWSSeeds {
    static func main() throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: make-jws-seeds DIRECTORY\n".utf8))
            exit(2)
        }
        let directory = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
        let authority = try CertificateAuthority.generate()
        let signedDate = Timestamp(milliseconds: 1_748_779_200_000)
        let transaction = JWSTransactionDecodedPayload(
            originalTransactionId: "2000000912345678", transactionId: "2000000987654321",
            webOrderLineItemId: "2000000045678901", bundleId: "com.example", productId: "com.example.monthly",
            subscriptionGroupIdentifier: "21482657", purchaseDate: signedDate, originalPurchaseDate: signedDate,
            expiresDate: signedDate.adding(milliseconds: 30 * 86_400_000), quantity: 1, type: .autoRenewable,
            appAccountToken: "7e3fb20b-4cdb-47cc-936d-99d65f608138", inAppOwnershipType: .purchased,
            signedDate: signedDate, environment: .sandbox, storefront: "USA", storefrontId: "143441",
            transactionReason: .purchase, currency: "USD", price: 4990)
        let renewal = #"{"autoRenewProductId":"com.example.monthly","autoRenewStatus":1,"environment":"Sandbox","#
            + #""originalTransactionId":"2000000912345678","productId":"com.example.monthly","#
            + #""recentSubscriptionStartDate":1748779200000,"renewalDate":1751371200000,"signedDate":1748779200000}"#
        let notification = #"{"notificationType":"SUBSCRIBED","subtype":"INITIAL_BUY","#
            + #""notificationUUID":"9ad56bd2-0bc6-42e0-af24-fd996d87a1e6","data":{"appAppleId":1234,"#
            + #""bundleId":"com.example","environment":"Sandbox","status":1},"version":"2.0","signedDate":1748779200000}"#
        let longChain = JWSSigner(key: authority.leafKey, header: JWSHeader(x5c: authority.x5c + [authority.x5c[2]]))
        let seeds: [(String, String)] = [
            ("tienda-transaction", try authority.signer.sign(transaction)),
            ("tienda-renewal-info", try authority.signer.sign(payload: Data(renewal.utf8))),
            ("tienda-notification", try authority.signer.sign(payload: Data(notification.utf8))),
            ("tienda-x5c-of-four", try longChain.sign(payload: Data(renewal.utf8))),
        ]
        for (name, jws) in seeds {
            try Data(jws.utf8).write(to: directory.appendingPathComponent(name))
        }
    }
}
