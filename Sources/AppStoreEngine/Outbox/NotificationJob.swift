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
    /// same payload. The stored form is then copied from it around the UUID and the nested JWS, whose places are
    /// known: the UUID becomes its marker (the outbox row derives it from its sequence number), each nested header
    /// the header's marker, the transaction's payload segment the reference to its row, the renewal information's
    /// segment its JSON between markers (as
    /// ``StoredJWS/init(payload:signature:headerBytes:nested:referenced:notificationUUID:)`` would find and replace
    /// them).
    func sign(with signer: PayloadSigner, lane: Int?, scratch: inout SigningScratch) throws(AppStoreEngineError) -> OutboxRow {
        var writer = JSONPayloadWriter(reusing: &scratch.notification)
        writer.field("notificationType", notificationType)
        writer.field("subtype", subtype)
        let uuidRange = writer.locatedField("notificationUUID", uuid)
        var transactionJWS: Range<Int>?
        var renewalJWS: Range<Int>?
        // Asked without `== nil`, which copied the whole summary (retaining each of its strings) to compare it.
        let isSummary = switch summary {
        case .some: true
        case .none: false
        }
        if !isSummary {
            writer.beginObject("data")
            writer.field("environment", environment)
            writer.field("appAppleId", appAppleId)
            writer.field("bundleId", bundleId)
            if let transactionJSON {
                writer.field("bundleVersion", bundleVersion)
                PayloadJSON.insertSignedDate(signedDate, into: transactionJSON, writingTo: &scratch.transaction)
                transactionJWS = try writer.unescapedField("signedTransactionInfo") { bytes throws(AppStoreEngineError) in
                    try signer.sign(scratch.transaction, lane: lane, appendingTo: &bytes)
                }
            }
            if let renewal = renewalInfo {
                PayloadJSON.renewalInfo(renewal, signedDate: signedDate, writingTo: &scratch.renewal)
                renewalJWS = try writer.unescapedField("signedRenewalInfo") { bytes throws(AppStoreEngineError) in
                    try signer.sign(scratch.renewal, lane: lane, appendingTo: &bytes)
                }
            }
            writer.field("status", status)
            writer.field("consumptionRequestReason", consumptionRequestReason)
            writer.endObject()
        }
        writer.field("version", "2.0")
        writer.field("signedDate", signedDate)
        if let summary { writer.rawField("summary", PayloadJSON.summary(summary)) }
        scratch.notification = writer.finish()

        scratch.jws.removeAll(keepingCapacity: true)
        try signer.sign(scratch.notification, lane: lane, appendingTo: &scratch.jws)
        let signature = String(decoding: scratch.jws.suffix(JWSSigner.encodedSignatureLength), as: UTF8.self)

        let json = scratch.notification
        let expectedLength = storedLength(
            json: json.count, uuid: uuidRange?.count, header: signer.headerBytes.count,
            transactionSegment: transactionJWS.map { _ in Base64URL.encodedLength(of: scratch.transaction.count) },
            renewal: renewalJWS.map { _ in scratch.renewal.count })
        var stored = [UInt8]()
        stored.reserveCapacity(expectedLength)
        var copied = 0
        if let uuidRange {
            stored.append(contentsOf: json[..<uuidRange.lowerBound])
            stored.append(StoredJWS.notificationUUIDMarker)
            copied = uuidRange.upperBound
        }
        /// Copies the JSON up to a nested JWS, then the JWS with its header as the marker and its payload segment
        /// replaced by `payload`.
        func appendNested(_ jws: Range<Int>, payloadCount: Int, _ payload: (inout [UInt8]) -> Void) {
            stored.append(contentsOf: json[copied..<jws.lowerBound])
            let segment = Base64URL.encodedLength(of: payloadCount)
            let tail = 1 + JWSSigner.encodedSignatureLength
            let header = jws.lowerBound..<(jws.upperBound - tail - segment - 1)
            // The nested JWS was signed just above by this signer, which starts every JWS with its header: the
            // header is always the marker's (comparing its kilobytes showed in the lanes' time).
            assert(Self.bytes(json[header], equal: signer.headerBytes), "a nested JWS without the signer's header")
            stored.append(StoredJWS.headerMarker)
            stored.append(UInt8(ascii: "."))
            payload(&stored)
            stored.append(contentsOf: json[(jws.upperBound - tail)..<jws.upperBound])
            copied = jws.upperBound
        }
        if let transactionJWS {
            appendNested(transactionJWS, payloadCount: scratch.transaction.count) { $0.append(StoredJWS.transactionReference) }
        }
        if let renewalJWS {
            appendNested(renewalJWS, payloadCount: scratch.renewal.count) {
                $0.append(StoredJWS.nestedStart)
                $0.append(contentsOf: scratch.renewal)
                $0.append(StoredJWS.nestedEnd)
            }
        }
        stored.append(contentsOf: json[copied...])
        assert(stored.count == expectedLength, "the stored form's length was not foreseen")
        return OutboxRow(
            sequence: sequence, uuid: uuid, bundleId: bundleId, environment: environment,
            notificationType: notificationType, subtype: subtype, transactionId: transactionId,
            originalTransactionId: originalTransactionId, signedDate: signedDate,
            stored: StoredJWS(storedPayload: stored, signature: signature),
            transactionJSON: transactionJSON,
            testToken: testToken)
    }

    /// The length of the stored form of a notification whose JSON is `json` bytes long: the UUID (`uuid` bytes)
    /// as its marker, each nested header as its marker, the transaction's payload segment as its reference and
    /// the renewal information's segment as its JSON between two markers. Reserving exactly this keeps the
    /// buffer small: an estimate above a kilobyte made glibc consolidate its free lists for each notification.
    private func storedLength(json: Int, uuid: Int?, header: Int, transactionSegment: Int?, renewal: Int?) -> Int {
        var length = json
        if let uuid { length -= uuid - 1 }
        if let transactionSegment { length -= (header - 1) + (transactionSegment - 1) }
        if let renewal { length -= (header - 1) + Base64URL.encodedLength(of: renewal) - (renewal + 2) }
        return max(length, 0)
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
}
