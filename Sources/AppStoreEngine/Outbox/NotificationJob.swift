import Foundation
import StoreCrypto
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
    ///
    /// The notification's JSON is written once, each nested JWS signed straight into it, in `scratch`'s buffers
    /// (kept by the signing lane across jobs); its bytes are those of ``PayloadJSON/notification(_:)`` for the
    /// same payload. Its stored form is written alongside, its member names coded (``StoredMemberNames``): the
    /// UUID as its marker (the outbox row derives it from its sequence number), each nested header as the header's
    /// marker, the transaction's payload segment as the reference to its row, the renewal information's segment as
    /// its own stored form between markers (what
    /// ``StoredJWS/init(payload:signature:headerBytes:nested:referenced:notificationUUID:)`` would find and
    /// replace, coded as ``StoredMemberNames/compacting(_:)`` would code it).
    func sign(with signer: PayloadSigner, lane: Int?, scratch: inout SigningScratch) throws(AppStoreEngineError) -> OutboxRow {
        var writer = JSONPayloadWriter(reusing: &scratch.notification, storedFormIn: &scratch.stored)
        writer.field(.notificationType, notificationType)
        writer.field(.subtype, subtype)
        writer.field(.notificationUUID, uuid, storedAs: StoredJWS.notificationUUIDMarker)
        // Asked without `== nil`, which copied the whole summary (retaining each of its strings) to compare it.
        let isSummary = switch summary {
        case .some: true
        case .none: false
        }
        if !isSummary {
            writer.beginObject(.data)
            writer.field(.environment, environment)
            writer.field(.appAppleId, appAppleId)
            writer.field(.bundleId, bundleId)
            if let transactionJSON {
                writer.field(.bundleVersion, bundleVersion)
                PayloadJSON.insertSignedDate(signedDate, into: transactionJSON, writingTo: &scratch.transaction)
                try writer.unescapedField(.signedTransactionInfo) { bytes throws(AppStoreEngineError) in
                    try signer.sign(scratch.transaction, lane: lane, appendingTo: &bytes)
                } storedForm: { jws, stored in
                    Self.appendStoredForm(ofNested: jws, signedBy: signer, to: &stored) {
                        $0.append(StoredJWS.transactionReference)
                    }
                }
            }
            // Read where it is stored: `if let` copied it (a retain of each of its strings, then a release).
            let hasRenewalInfo = switch renewalInfo {
            case .some: true
            case .none: false
            }
            if hasRenewalInfo {
                PayloadJSON.renewalInfo(
                    renewalInfo!, signedDate: signedDate, writingTo: &scratch.renewal,
                    storedFormIn: &scratch.storedRenewal)
                try writer.unescapedField(.signedRenewalInfo) { bytes throws(AppStoreEngineError) in
                    try signer.sign(scratch.renewal, lane: lane, appendingTo: &bytes)
                } storedForm: { jws, stored in
                    Self.appendStoredForm(ofNested: jws, signedBy: signer, to: &stored) {
                        $0.append(StoredJWS.nestedStart)
                        $0.append(contentsOf: scratch.storedRenewal)
                        $0.append(StoredJWS.nestedEnd)
                    }
                }
            }
            writer.field(.status, status)
            writer.field(.consumptionRequestReason, consumptionRequestReason)
            writer.endObject()
        }
        writer.field(.version, "2.0")
        writer.field(.signedDate, signedDate)
        if let summary { writer.rawField(.summary, PayloadJSON.summary(summary)) }
        (scratch.notification, scratch.stored) = writer.finishWithStoredForm()

        scratch.jws.removeAll(keepingCapacity: true)
        try signer.sign(scratch.notification, lane: lane, appendingTo: &scratch.jws)
        let signature = String(decoding: scratch.jws.suffix(JWSSigner.encodedSignatureLength), as: UTF8.self)
        // A copy of its exact size: the scratch buffer keeps its capacity for the lane's next job.
        let stored = scratch.stored.withUnsafeBufferPointer { Array($0) }
        return OutboxRow(
            sequence: sequence, bundleId: bundleId, environment: environment,
            notificationType: notificationType, subtype: subtype, transactionId: transactionId,
            originalTransactionId: originalTransactionId, signedDate: signedDate,
            stored: StoredJWS(storedPayload: stored, signature: signature),
            transactionJSON: transactionJSON,
            testToken: testToken)
    }

    /// Appends the stored form of a nested JWS just signed by `signer` (`jws`, its characters): the header's
    /// marker, what `payload` appends in place of the payload segment, then the JWS's signature segment with
    /// its dot.
    private static func appendStoredForm(
        ofNested jws: ArraySlice<UInt8>, signedBy signer: PayloadSigner, to stored: inout [UInt8],
        payload: (inout [UInt8]) -> Void
    ) {
        // The signer starts every JWS with its header: the header is always the marker's (comparing its kilobytes
        // showed in the lanes' time, so only a debug build checks).
        assert(
            Self.bytes(jws.prefix(signer.headerBytes.count), equal: signer.headerBytes)
                && jws.dropFirst(signer.headerBytes.count).first == UInt8(ascii: "."),
            "a nested JWS without the signer's header")
        stored.append(StoredJWS.headerMarker)
        stored.append(UInt8(ascii: "."))
        payload(&stored)
        stored.append(contentsOf: jws.suffix(1 + JWSSigner.encodedSignatureLength))
    }

    /// Whether two byte sequences are equal, compared with `memcmp` (a generic element-wise comparison of a
    /// header's kilobytes is slow even for a debug build's check).
    private static func bytes(_ slice: ArraySlice<UInt8>, equal other: [UInt8]) -> Bool {
        guard slice.count == other.count else { return false }
        return slice.withUnsafeBytes { left in
            other.withUnsafeBytes { right in
                left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }
}

/// The buffers one signing lane keeps across the notifications it signs, so that signing allocates only what
/// it returns.
struct SigningScratch: Sendable {
    /// The notification's JSON.
    var notification: [UInt8] = []
    /// The nested transaction's JSON, `signedDate` included.
    var transaction: [UInt8] = []
    /// The nested renewal information's JSON.
    var renewal: [UInt8] = []
    /// The notification's JWS (only its signature segment is kept).
    var jws: [UInt8] = []
    /// The notification's stored form.
    var stored: [UInt8] = []
    /// The nested renewal information's stored form.
    var storedRenewal: [UInt8] = []
}
