import Foundation
import StoreCrypto
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// An engine on a virtual clock with the example app registered and accounts created, plus helpers to buy and
/// to read the outbox as a backend would: verified against the engine's root and decoded.
final class EngineHarness: Sendable {
    static let bundleId = "com.tienda.example"
    static let yearly = "com.tienda.example.pro.yearly"
    static let monthly = "com.tienda.example.pro.monthly"
    static let weekly = "com.tienda.example.plus.weekly"
    static let coins = "com.tienda.example.coins.100"
    static let lifetime = "com.tienda.example.lifetime"
    static let theme = "com.tienda.example.theme.dark"
    static let seasonPass = "com.tienda.example.season.pass"
    static let groupId = "5C0A11E1"

    /// `Examples/Tienda.storekit`.
    static let catalogURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Tienda.storekit")

    /// An engine on a database the test reaches too (its own virtual clock), with the example app registered
    /// and `accounts` created.
    static func engine(on database: any SQLDatabase, accounts: [String]) async throws -> AppStoreEngine {
        let engine = try await AppStoreEngine(configuration: .init(storage: .database(database), clock: VirtualClock()))
        try await engine.registerApp(AppRegistration(
            bundleId: bundleId, appAppleId: 1_234_567_890, environment: .sandbox, bundleVersion: "42",
            catalogFile: catalogURL))
        for account in accounts { try await engine.createAccount(Account(id: account)) }
        return engine
    }

    /// An engine on an in-memory database the test reaches too, with `alice` subscribed monthly; the last value is
    /// the subscription's original transaction ID.
    static func subscribedOnDatabase() async throws -> (database: SQLiteDatabase, engine: AppStoreEngine, original: String) {
        let database = try SQLiteDatabase.inMemory()
        let engine = try await engine(on: database, accounts: ["alice"])
        let result = try await engine.purchase(PurchaseRequest(bundleId: bundleId, accountId: "alice", productId: monthly))
        return (database, engine, try #require(result.transaction?.transactionId))
    }

    let engine: AppStoreEngine
    let clock: VirtualClock
    let store: StoreKind
    let directory: URL?
    let policy: LifecyclePolicy

    private init(engine: AppStoreEngine, clock: VirtualClock, store: StoreKind, directory: URL?, policy: LifecyclePolicy) {
        self.engine = engine
        self.clock = clock
        self.store = store
        self.directory = directory
        self.policy = policy
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// A harness on `store` with the example app (grace off unless `settings` turns it on) and accounts.
    static func make(
        _ store: StoreKind, policy: LifecyclePolicy = .default, accounts: [String] = ["alice"],
        environment: AppStoreEnvironment = .sandbox, dueEventBatchSize: Int = 256, massExtensionPageSize: Int = 500,
        settings: @Sendable (inout SettingsOverrides) -> Void = { _ in }
    ) async throws -> EngineHarness {
        let clock = VirtualClock()
        var directory: URL?
        let storage: AppStoreEngine.Configuration.Storage
        switch store {
        case .sqliteFile:
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("tienda-engine-\(UUID().uuidString)", isDirectory: true)
            directory = url
            storage = .stateDirectory(url)
        case .inMemory:
            storage = .inMemory
        }
        let engine = try await AppStoreEngine(configuration: .init(
            storage: storage, clock: clock, policy: policy, dueEventBatchSize: dueEventBatchSize,
            massExtensionPageSize: massExtensionPageSize))
        try await engine.registerApp(AppRegistration(
            bundleId: bundleId, appAppleId: 1_234_567_890, environment: environment, bundleVersion: "42",
            catalogFile: catalogURL))
        try await engine.updateSettings(bundleId: bundleId) { overrides in
            overrides.billingGracePeriodEnabled = false
            settings(&overrides)
        }
        for account in accounts { try await engine.createAccount(Account(id: account)) }
        return EngineHarness(engine: engine, clock: clock, store: store, directory: directory, policy: policy)
    }

    /// Closes the engine and opens a new one on the same state directory and clock.
    func reopened() async throws -> EngineHarness {
        guard let directory else { throw HarnessError.notPersistent }
        await engine.close()
        let engine = try await AppStoreEngine(configuration: .init(
            storage: .stateDirectory(directory), clock: clock, policy: policy))
        return EngineHarness(engine: engine, clock: clock, store: store, directory: nil, policy: policy)
    }

    /// Buys a product in the app and returns the transaction.
    @discardableResult
    func buy(
        _ productId: String, account: String = "alice", quantity: Int = 1, offer: PurchaseOffer? = nil,
        token: UUID? = nil, introductoryOffer: Bool? = nil, origin: PurchaseOrigin = .app
    ) async throws -> SignedTransaction {
        let result = try await engine.purchase(PurchaseRequest(
            bundleId: Self.bundleId, accountId: account, productId: productId, quantity: quantity,
            appAccountToken: token, offer: offer, introductoryOfferEligibility: introductoryOffer, origin: origin))
        guard let transaction = result.transaction else { throw HarnessError.pending }
        return transaction
    }

    /// Every notification in the outbox, verified and decoded, in the order raised.
    func notifications() async throws -> [DecodedNotification] {
        let outbox = try await engine.notificationHistory(NotificationHistoryQuery(limit: 100_000))
        let verifier = try SignedDataVerifier(
            rootCertificates: [engine.rootCertificateDER], bundleId: Self.bundleId, appAppleId: 1_234_567_890,
            environment: outbox.first?.environment ?? .sandbox, currentTime: { Timestamp.referenceDate })
        return try outbox.map { try DecodedNotification($0, verifier: verifier) }
    }

    /// The notification names (`TYPE/SUBTYPE`) since `index`.
    func names(from index: Int = 0) async throws -> [String] {
        Array(try await notifications().dropFirst(index).map(\.name))
    }

    /// A subscription's renewal state now.
    func state(_ originalTransactionId: String) async throws -> RenewalState {
        try await engine.subscriptionStatus(originalTransactionId: originalTransactionId).state
    }

    /// Advances the clock by whole days.
    @discardableResult
    func advance(days: Double) async throws -> Int {
        try await engine.advance(by: .milliseconds(Int64(days * 86_400_000)))
    }

    enum HarnessError: Error {
        case notPersistent
        case pending
        case unverified(String)
    }
}

/// A notification as a backend receives it: verified and decoded, nested payloads included.
struct DecodedNotification: Sendable {
    let outbox: OutboxNotification
    let payload: ResponseBodyV2DecodedPayload
    let transaction: JWSTransactionDecodedPayload?
    let renewalInfo: JWSRenewalInfoDecodedPayload?

    init(_ outbox: OutboxNotification, verifier: SignedDataVerifier) throws {
        self.outbox = outbox
        let result = verifier.verify(outbox.signedPayload, as: ResponseBodyV2DecodedPayload.self)
        guard case .verified(let payload) = result else {
            throw EngineHarness.HarnessError.unverified("\(outbox.name): \(String(describing: result.failure))")
        }
        self.payload = payload
        transaction = try payload.data?.signedTransactionInfo.map { jws in
            try verifier.verifyAndDecode(jws, as: JWSTransactionDecodedPayload.self)
        }
        renewalInfo = try payload.data?.signedRenewalInfo.map { jws in
            try verifier.verifyAndDecode(jws, as: JWSRenewalInfoDecodedPayload.self)
        }
    }

    /// `TYPE` or `TYPE/SUBTYPE`.
    var name: String { outbox.name }
    /// `data.status`.
    var status: Int32? { payload.data?.status?.rawValue }
}

/// The engine error `body` throws, or `nil` when it succeeds (other errors are recorded as issues).
func engineError(_ body: () async throws -> Void) async -> AppStoreEngineError? {
    do {
        try await body()
        return nil
    } catch let error as AppStoreEngineError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}
