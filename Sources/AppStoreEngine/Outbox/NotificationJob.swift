import Foundation
import StoreModel

/// A notification raised by an operation, waiting to be signed (in parallel with others) before the operation
/// commits.
struct NotificationJob: Sendable {
    var sequence: Int64
    var uuid: String
    var bundleId: String
    var environment: AppStoreEnvironment
    var appAppleId: Int64?
    var bundleVersion: String
    var notificationType: NotificationTypeV2
    var subtype: Subtype?
    var transactionId: String?
    var originalTransactionId: String?
    /// The transaction's stored JSON (without `signedDate`), as it was when the notification was raised.
    var transactionJSON: [UInt8]?
    var renewalInfo: JWSRenewalInfoDecodedPayload?
    var status: Status?
    var consumptionRequestReason: ConsumptionRequestReason?
    var summary: Summary?
    var signedDate: Timestamp
    var testToken: String?

    /// Signs the nested transaction and renewal information, then the notification, all at ``signedDate``.
    func sign(with signer: PayloadSigner, lane: Int?) throws(AppStoreEngineError) -> OutboxRow {
        var data: NotificationData?
        var nested: [StoredJWS.Nested] = []
        var transaction: StoredJWS.Nested?
        if summary == nil {
            var renewal = renewalInfo
            renewal?.signedDate = signedDate
            data = NotificationData(
                environment: environment, appAppleId: appAppleId, bundleId: bundleId,
                bundleVersion: transactionJSON == nil ? nil : bundleVersion,
                signedTransactionInfo: try transactionJSON.map { json throws(AppStoreEngineError) in
                    let signed = PayloadJSON.insertingSignedDate(signedDate, into: json)
                    let jws = try signer.sign(signed, lane: lane)
                    transaction = StoredJWS.Nested(jws: jws, json: signed)
                    return jws
                },
                signedRenewalInfo: try renewal.map { info throws(AppStoreEngineError) in
                    let json = PayloadJSON.renewalInfo(info)
                    let jws = try signer.sign(json, lane: lane)
                    nested.append(StoredJWS.Nested(jws: jws, json: json))
                    return jws
                },
                status: status, consumptionRequestReason: consumptionRequestReason)
        }
        let payload = ResponseBodyV2DecodedPayload(
            notificationType: notificationType, subtype: subtype, notificationUUID: uuid, data: data, version: "2.0",
            signedDate: signedDate, summary: summary)
        let json = PayloadJSON.notification(payload)
        let jws = try signer.sign(json, lane: lane)
        return OutboxRow(
            sequence: sequence, uuid: uuid, bundleId: bundleId, environment: environment,
            notificationType: notificationType, subtype: subtype, transactionId: transactionId,
            originalTransactionId: originalTransactionId, signedDate: signedDate,
            stored: StoredJWS(
                payload: json, signature: PayloadSigner.signatureSegment(of: jws), headerBytes: signer.headerBytes,
                nested: nested, referenced: transaction),
            transactionJSON: transactionJSON,
            testToken: testToken)
    }
}
