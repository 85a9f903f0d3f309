import Foundation
import StoreCrypto
import StoreModel
import Testing

@testable import AppStoreEngine

/// A notification job signed in a lane's reused buffers: the bytes ``PayloadJSON`` writes for the same payload,
/// valid signatures, and the stored form ``StoredJWS`` builds by searching the payload, its member names coded.
@Suite struct NotificationJobSigningTests {
    static let renewal = JWSRenewalInfoDecodedPayload(
        originalTransactionId: "2000000000000001", autoRenewProductId: "com.tienda.example.pro.monthly",
        productId: "com.tienda.example.pro.monthly", autoRenewStatus: .on, environment: .sandbox,
        recentSubscriptionStartDate: Timestamp(milliseconds: 1_704_067_200_000),
        renewalDate: Timestamp(milliseconds: 1_706_745_600_000), currency: "USD", renewalPrice: 4990)

    static func job(transaction: Bool, renewal: Bool, summary: Summary? = nil) -> NotificationJob {
        NotificationJob(
            sequence: 7, uuid: "0b4c1f6e-2d3a-4b5c-8d6e-7f8091a2b3c4", bundleId: "com.tienda.example",
            environment: .sandbox, appAppleId: 1234, bundleVersion: "1.2", notificationType: .didRenew,
            subtype: transaction ? .billingRecovery : nil, transactionId: "2000000000000002",
            originalTransactionId: "2000000000000001",
            transactionJSON: transaction ? PayloadJSON.unsignedTransaction(PayloadJSONTests.transaction) : nil,
            renewalInfo: renewal ? Self.renewal : nil, status: transaction ? .active : nil,
            consumptionRequestReason: nil, summary: summary, signedDate: Timestamp(milliseconds: 1_706_745_600_123),
            testToken: nil)
    }

    @Test func jobsSignTheBytesOfThePayloadWriterAndStoreWhatTheSearchWouldStoreCoded() throws {
        let header = JWSHeader(x5c: [String(repeating: "MIIB", count: 300), String(repeating: "MIIC", count: 200)])
        let signer = try PayloadSigner(
            signer: JWSSigner(key: try P256PrivateKey.generate(), header: header), concurrency: 2)
        let key = signer.signer.signer.key.publicKey
        let summary = Summary(
            environment: .sandbox, bundleId: "com.tienda.example", productId: "p", requestIdentifier: "r",
            storefrontCountryCodes: ["USA"], succeededCount: 3, failedCount: 0)
        var scratch = SigningScratch()
        let jobs = [
            Self.job(transaction: true, renewal: true), Self.job(transaction: true, renewal: false),
            Self.job(transaction: false, renewal: false), Self.job(transaction: false, renewal: false, summary: summary),
            Self.job(transaction: true, renewal: true),
        ]
        for (index, job) in jobs.enumerated() {
            let row = try job.sign(with: signer, lane: index % 2 == 0 ? nil : 1, scratch: &scratch)
            // The row's stored form has its member names coded; spelled out, it is what the search would store.
            let spelledOut = StoredJWS(
                storedPayload: try StoredMemberNames.expanding(row.stored.payload), signature: row.stored.signature)
            let signedTransaction = job.transactionJSON.map { PayloadJSON.insertingSignedDate(job.signedDate, into: $0) }
            let resolved = signedTransaction.map { spelledOut.resolvingReference($0) } ?? spelledOut
            let jws = try CompactJWS(parsing: resolved.compactSerialization(header: signer.header, notificationUUID: job.uuid))
            #expect(jws.hasValidES256Signature(from: key))
            let payload = [UInt8](jws.payload)
            let decoded = try AppleJSON.decode(ResponseBodyV2DecodedPayload.self, from: jws.payload)
            #expect(PayloadJSON.notification(decoded) == payload)
            #expect(decoded.notificationUUID == job.uuid && decoded.signedDate == job.signedDate)
            #expect(decoded.summary == job.summary)
            var nested: [StoredJWS.Nested] = []
            var referenced: StoredJWS.Nested?
            if let signedTransaction {
                let inner = try #require(decoded.data?.signedTransactionInfo)
                let parsed = try CompactJWS(parsing: inner)
                #expect([UInt8](parsed.payload) == signedTransaction && parsed.hasValidES256Signature(from: key))
                referenced = StoredJWS.Nested(jws: inner, json: signedTransaction)
            } else {
                #expect(decoded.data?.signedTransactionInfo == nil)
            }
            if var renewal = job.renewalInfo {
                renewal.signedDate = job.signedDate
                let inner = try #require(decoded.data?.signedRenewalInfo)
                let parsed = try CompactJWS(parsing: inner)
                #expect([UInt8](parsed.payload) == PayloadJSON.renewalInfo(renewal) && parsed.hasValidES256Signature(from: key))
                nested.append(StoredJWS.Nested(jws: inner, json: PayloadJSON.renewalInfo(renewal)))
            }
            let searched = StoredJWS(
                payload: payload, signature: row.stored.signature, headerBytes: signer.headerBytes, nested: nested,
                referenced: referenced, notificationUUID: job.uuid)
            #expect(spelledOut == searched)
            // Coded as it was written, byte for byte what coding the search's result gives.
            #expect(row.stored.payload == StoredMemberNames.compacting(searched.payload))
            #expect(row.stored.payload.count * 10 < searched.payload.count * 9)
            #expect(row.stored.payload.filter { $0 == StoredJWS.notificationUUIDMarker }.count == 1)
            #expect(!String(decoding: row.stored.payload, as: UTF8.self).contains(job.uuid))
            #expect(row.stored.referencesTransaction == (job.transactionJSON != nil))
        }
    }
}
