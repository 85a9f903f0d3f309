import Foundation
import StoreCrypto
import StoreModel

/// Verifies everything signed that reaches the server, with one `SignedDataVerifier` per configured app and
/// environment (Apple Root CA G3, plus the emulator's root where configured), and turns it into
/// ``VerifiedEvidence``. Anything forged, foreign or inconsistent is refused with an ``IngestRejection``.
struct SignedDataGate: Sendable {
    /// A verifier and the app and environment it accepts.
    private struct Entry: Sendable {
        var bundleId: String
        var environment: AppStoreEnvironment
        var verifier: SignedDataVerifier
    }

    private let entries: [Entry]
    /// Decodes without verifying, only to pick the verifier a payload claims; never trusted.
    private let peeker: SignedDataVerifier

    /// Builds the verifiers.
    /// - Throws: ``ConfigurationError`` when a verifier cannot be built (for example a malformed root).
    init(apps: [AppConfiguration], currentTime: @escaping @Sendable () -> Timestamp) throws(ConfigurationError) {
        var entries: [Entry] = []
        for app in apps {
            for trust in app.environments {
                do {
                    let verifier = try SignedDataVerifier(
                        rootCertificates: trust.rootCertificates, bundleId: app.bundleId, appAppleId: app.appAppleId,
                        environment: trust.environment, currentTime: currentTime)
                    entries.append(Entry(bundleId: app.bundleId, environment: trust.environment, verifier: verifier))
                } catch {
                    throw ConfigurationError(
                        file: "configuration", path: .root,
                        problem: "cannot verify \(app.bundleId) in \(trust.environment): \(error)",
                        fix: "Check the app's appAppleId and root certificates")
                }
            }
        }
        self.entries = entries
        do {
            peeker = try SignedDataVerifier(
                rootCertificates: [], bundleId: "", appAppleId: nil, environment: .xcode,
                decodeOnlyEnvironmentsAllowed: true, currentTime: currentTime)
        } catch {
            preconditionFailure("a decode-only verifier needs no configuration: \(error)")
        }
    }

    /// Verifies a notification's `signedPayload` and the signed data inside it.
    func notification(_ signedPayload: String) throws(IngestRejection) -> VerifiedEvidence {
        let entry = try self.entry(for: signedPayload, as: ResponseBodyV2DecodedPayload.self)
        let payload: ResponseBodyV2DecodedPayload
        do {
            payload = try entry.verifier.verifyNotification(signedPayload).payloadValue
        } catch {
            throw Self.rejection(error, what: "the notification")
        }
        guard let uuid = payload.notificationUUID, !uuid.isEmpty, let type = payload.notificationType,
            let signedDate = payload.signedDate
        else {
            throw IngestRejection(.malformed, "The notification lacks notificationUUID, notificationType or signedDate.")
        }
        let transaction = try payload.data?.signedTransactionInfo.map { (jws) throws(IngestRejection) in
            try verifyTransaction(jws, with: entry)
        }
        let renewal = try payload.data?.signedRenewalInfo.map { (jws) throws(IngestRejection) in
            try verifyRenewal(jws, with: entry, transaction: transaction)
        }
        return VerifiedEvidence(
            source: .notification, bundleId: entry.bundleId, environment: entry.environment,
            notification: .init(uuid: uuid.lowercased(), type: type, subtype: payload.subtype, signedDate: signedDate),
            transaction: transaction, renewal: renewal, status: payload.data?.status,
            order: EvidenceOrder(signedDate: signedDate.milliseconds, tiebreak: uuid.lowercased()))
    }

    /// Verifies a transaction an app sent (and its renewal info, when given).
    func appTransaction(_ signedTransaction: String, renewal signedRenewal: String?) throws(IngestRejection) -> VerifiedEvidence {
        let entry = try self.entry(for: signedTransaction, as: JWSTransactionDecodedPayload.self)
        let transaction = try verifyTransaction(signedTransaction, with: entry)
        let renewal = try signedRenewal.map { (jws) throws(IngestRejection) in
            try verifyRenewal(jws, with: entry, transaction: transaction)
        }
        return Self.statusEvidence(
            source: .app, entry: (entry.bundleId, entry.environment), transaction: transaction, renewal: renewal, status: nil)
    }

    /// Verifies one item of All Subscription Statuses.
    func status(
        signedTransaction: String, signedRenewal: String?, status: Status?
    ) throws(IngestRejection) -> VerifiedEvidence {
        let entry = try self.entry(for: signedTransaction, as: JWSTransactionDecodedPayload.self)
        let transaction = try verifyTransaction(signedTransaction, with: entry)
        let renewal = try signedRenewal.map { (jws) throws(IngestRejection) in
            try verifyRenewal(jws, with: entry, transaction: transaction)
        }
        return Self.statusEvidence(
            source: .reconciler, entry: (entry.bundleId, entry.environment), transaction: transaction, renewal: renewal,
            status: status)
    }

    private static func statusEvidence(
        source: VerifiedEvidence.Source, entry: (bundleId: String, environment: AppStoreEnvironment),
        transaction: JWSTransactionDecodedPayload, renewal: JWSRenewalInfoDecodedPayload?, status: Status?
    ) -> VerifiedEvidence {
        let signedDate = max(transaction.signedDate?.milliseconds ?? 0, renewal?.signedDate?.milliseconds ?? 0)
        return VerifiedEvidence(
            source: source, bundleId: entry.bundleId, environment: entry.environment, notification: nil,
            transaction: transaction, renewal: renewal,
            status: status ?? StatusInference.status(of: transaction, renewal: renewal),
            order: EvidenceOrder(signedDate: signedDate, tiebreak: "\(source.rawValue):\(transaction.transactionId ?? "")"))
    }

    private func verifyTransaction(_ jws: String, with entry: Entry) throws(IngestRejection) -> JWSTransactionDecodedPayload {
        let transaction: JWSTransactionDecodedPayload
        do {
            transaction = try entry.verifier.verifyTransaction(jws).payloadValue
        } catch {
            throw Self.rejection(error, what: "the signed transaction")
        }
        guard let id = transaction.transactionId, !id.isEmpty, transaction.productId != nil else {
            throw IngestRejection(.malformed, "The signed transaction lacks transactionId or productId.")
        }
        return transaction
    }

    private func verifyRenewal(
        _ jws: String, with entry: Entry, transaction: JWSTransactionDecodedPayload?
    ) throws(IngestRejection) -> JWSRenewalInfoDecodedPayload {
        let renewal: JWSRenewalInfoDecodedPayload
        do {
            renewal = try entry.verifier.verifyRenewalInfo(jws).payloadValue
        } catch {
            throw Self.rejection(error, what: "the signed renewal info")
        }
        if let transaction, renewal.originalTransactionId != transaction.originalTransactionId {
            throw IngestRejection(
                .inconsistent,
                "The renewal info is for originalTransactionId \(renewal.originalTransactionId ?? "none"), the transaction "
                    + "for \(transaction.originalTransactionId ?? "none"); they must describe the same subscription.")
        }
        return renewal
    }

    /// The verifier for the app and environment the JWS claims.
    private func entry<Payload: SignedPayload>(for jws: String, as type: Payload.Type) throws(IngestRejection) -> Entry {
        if entries.count == 1 { return entries[0] }
        let peeked = peeker.verify(jws, as: type)
        guard let identity = peeked.unsafePayloadValue?.verificationIdentity else {
            throw Self.rejection(peeked.failure ?? VerificationFailure(.payloadNotJSON), what: "the signed data")
        }
        let bundle = identity.bundleId ?? entries.first?.bundleId
        guard let entry = entries.first(where: { $0.bundleId == bundle && $0.environment == identity.environment }) else {
            throw IngestRejection(
                .foreign,
                "Signed for \(identity.bundleId ?? "no bundle") in \(identity.environment?.rawValue ?? "no environment"), which "
                    + "this server is not configured to accept. Add the app and environment to the configuration file.")
        }
        return entry
    }

    private static func rejection(_ failure: VerificationFailure, what: String) -> IngestRejection {
        switch failure.reason {
        case .bundleIdMismatch, .appAppleIdMismatch, .environmentMismatch:
            return IngestRejection(.foreign, "\(what.capitalizedFirst) is for another app or environment: \(failure).")
        case .inputTooLarge, .malformedJWS, .invalidBase64URL, .headerNotJSON, .invalidHeaderParameter, .payloadNotJSON,
            .payloadMissingProperty, .payloadTypeMismatch:
            return IngestRejection(.malformed, "\(what.capitalizedFirst) is not valid signed data: \(failure).")
        default:
            return IngestRejection(.untrusted, "\(what.capitalizedFirst) does not verify: \(failure).")
        }
    }
}

extension String {
    /// The string with its first character uppercased.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
