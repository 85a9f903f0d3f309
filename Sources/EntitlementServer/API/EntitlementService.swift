public import Foundation
public import StoreModel
public import StoreStorage

/// The entitlement server's domain operations, independent of HTTP: ingest of notifications and app
/// transactions, account queries, promotional grants and the ledger. Routes are thin wrappers around it.
///
/// Every write goes through group commit (``WriteLanes``), so concurrent requests share durable commits and each
/// call returns only once its write is durable. Nothing is kept in memory that another server on the same database
/// would need.
public final class EntitlementService: Sendable {
    /// The configuration the service runs with.
    public let configuration: EntitlementServerConfiguration
    /// The database.
    public let database: any SQLDatabase
    let lanes: WriteLanes
    let gate: SignedDataGate
    let currentTime: @Sendable () -> Timestamp
    let log: @Sendable (String) -> Void
    let answers = AnswerCache()
    /// Writes without a claimant, which run together batch by batch.
    let ingests = IngestGroup()

    /// Creates the service over a migrated database.
    /// - Parameters:
    ///   - configuration: The validated configuration.
    ///   - database: The database; run ``EntitlementSchema/migrations`` on it first (``open(configuration:database:currentTime:log:)`` does).
    ///   - currentTime: "Now", injected so tests run on a virtual clock.
    ///   - log: Where refusals and failures are reported.
    /// - Throws: ``ConfigurationError`` when a verifier cannot be built.
    public init(
        configuration: EntitlementServerConfiguration, database: any SQLDatabase,
        currentTime: @escaping @Sendable () -> Timestamp, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(ConfigurationError) {
        self.configuration = configuration
        self.database = database
        self.lanes = WriteLanes(database: database)
        self.gate = try SignedDataGate(apps: configuration.apps, currentTime: currentTime)
        self.currentTime = currentTime
        self.log = log
    }

    /// Migrates `database` and creates the service on a ``StoreClock`` (`SystemClock` in production, a
    /// `VirtualClock` when an emulator's virtual time drives the scenario).
    public static func open(
        configuration: EntitlementServerConfiguration, database: any SQLDatabase, clock: any StoreClock,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> EntitlementService {
        try await open(configuration: configuration, database: database, currentTime: { clock.now }, log: log)
    }

    /// Migrates `database` and creates the service.
    public static func open(
        configuration: EntitlementServerConfiguration, database: any SQLDatabase,
        currentTime: @escaping @Sendable () -> Timestamp, log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> EntitlementService {
        try await database.migrate(EntitlementSchema.migrations)
        return try EntitlementService(configuration: configuration, database: database, currentTime: currentTime, log: log)
    }

    // MARK: Ingest

    /// Ingests the body Apple POSTs (`{"signedPayload": "…"}`): verifies it and everything inside, deduplicates
    /// by `notificationUUID`, applies it by `signedDate`, and returns once the write is durable.
    /// - Throws: ``EntitlementServiceError`` (4xx for refused data, 503 when storage fails).
    public func ingestNotification(body: Data) async throws(EntitlementServiceError) -> ApplyOutcome {
        let signedPayload: String
        do {
            signedPayload = try AppleJSON.decode(ResponseBodyV2.self, from: body).signedPayload ?? ""
        } catch {
            throw refuse(IngestRejection(.malformed, "The body is not {\"signedPayload\": \"…\"} (\(error))."))
        }
        guard !signedPayload.isEmpty else {
            throw refuse(IngestRejection(.malformed, "The body has no signedPayload."))
        }
        return try await ingestNotification(signedPayload: signedPayload)
    }

    /// Ingests a notification's `signedPayload` (the reconciler's Notification History items come this way).
    public func ingestNotification(signedPayload: String) async throws(EntitlementServiceError) -> ApplyOutcome {
        let evidence: VerifiedEvidence
        do {
            evidence = try gate.notification(signedPayload)
        } catch {
            throw refuse(error)
        }
        return try await apply(evidence, claimant: nil).0
    }

    /// Verifies a transaction an app sent for `account` and applies it, then the restore policy decides who
    /// owns it.
    public func submitTransaction(
        account: String, signedTransaction: String, signedRenewalInfo: String? = nil
    ) async throws(EntitlementServiceError) -> (ApplyOutcome, ClaimDecision) {
        try Self.validate(account: account)
        let evidence: VerifiedEvidence
        do {
            evidence = try gate.appTransaction(signedTransaction, renewal: signedRenewalInfo)
        } catch {
            throw refuse(error)
        }
        let (outcome, decision) = try await apply(evidence, claimant: account)
        return (outcome, decision ?? .alreadyOwned)
    }

    /// Applies one item of All Subscription Statuses read by the reconciler.
    func applyStatus(signedTransaction: String, signedRenewalInfo: String?, status: Status?) async throws(EntitlementServiceError)
        -> ApplyOutcome
    {
        let evidence: VerifiedEvidence
        do {
            evidence = try gate.status(signedTransaction: signedTransaction, signedRenewal: signedRenewalInfo, status: status)
        } catch {
            throw refuse(error)
        }
        return try await apply(evidence, claimant: nil).0
    }

    private func apply(_ evidence: VerifiedEvidence, claimant: String?) async throws(EntitlementServiceError)
        -> (ApplyOutcome, ClaimDecision?)
    {
        let writer = StateWriter(configuration: configuration, now: currentTime())
        do {
            let key = evidence.transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId ?? evidence.notification?.uuid ?? ""
            let result: (ApplyOutcome, ClaimDecision?)
            if claimant == nil {
                result = (try await lanes.write(key: key, group: ingests) { lockKey in
                    IngestGroup.Item(evidence: evidence, writer: writer, lockKey: lockKey)
                }, nil)
            } else {
                result = try await lanes.write(key: key, lockingInBody: { transaction, lockKey in
                    try writer.apply(evidence, claimant: claimant, lockKey: lockKey, in: transaction)
                })
            }
            answers.invalidate(result.0.affectedAccounts)
            return result
        } catch {
            log("storage failure while applying \(evidence.notification?.uuid ?? evidence.transaction?.transactionId ?? "evidence"): \(error)")
            throw .unavailable("The write did not commit (\(error)); send it again.")
        }
    }

    private func refuse(_ rejection: IngestRejection) -> EntitlementServiceError {
        log("refused: \(rejection)")
        return .rejected(rejection)
    }

    /// Checks an account identifier: 1–200 printable characters without `/`.
    static func validate(account: String) throws(EntitlementServiceError) {
        guard !account.isEmpty, account.utf8.count <= 200, !account.contains("/"),
            account.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else {
            throw .invalidRequest("The account identifier must be 1–200 printable characters without spaces or \"/\".")
        }
    }
}
