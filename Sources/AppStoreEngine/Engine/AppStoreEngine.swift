import Foundation
import StoreCrypto
import StoreModel
import StoreStorage

/// The emulated App Store: apps with `.storekit` catalogs, accounts, purchases, the whole subscription
/// lifecycle on an injected clock, signed StoreKit views, and an outbox of signed App Store Server
/// Notifications V2.
///
/// Every operation is one storage transaction: its state changes and the notifications it raises commit
/// together, so a restart loses nothing and never sees half an operation. Operations run one at a time.
///
/// ```swift
/// let clock = VirtualClock()
/// let engine = try await AppStoreEngine(configuration: .init(storage: .inMemory, clock: clock))
/// try await engine.registerApp(AppRegistration(bundleId: "com.example.app", catalogFile: storekitURL))
/// try await engine.createAccount(Account(id: "alice"))
/// let result = try await engine.purchase(PurchaseRequest(
///     bundleId: "com.example.app", accountId: "alice", productId: "com.example.pro.monthly"))
/// try await engine.advance(by: .seconds(31 * 86_400))   // DID_RENEW
/// let outbox = try await engine.pendingNotifications()   // SUBSCRIBED/INITIAL_BUY, DID_RENEW
/// ```
public actor AppStoreEngine {
    /// The clock the engine follows.
    public nonisolated let clock: any StoreClock
    /// The answers to the reference's open questions.
    public nonisolated let policy: LifecyclePolicy
    /// The authority whose leaf signs every JWS; give ``rootCertificateDER`` to verifiers.
    public nonisolated let certificateAuthority: CertificateAuthority
    let database: any SQLDatabase
    let signer: PayloadSigner
    let configuration: Configuration
    /// The registered apps, kept in memory (catalogs are small) and written through to the database.
    var apps: [String: RegisteredApp] = [:] {
        didSet { readCache.bundleIds = Set(apps.keys) }
    }
    /// The storage version, the registered bundle IDs and recently signed server transactions, for reads that
    /// bypass the actor.
    nonisolated let readCache = ServerReadCache(capacity: 4096)
    /// The earliest moment anything may be due (never later than the truth); `nil` when unknown. Operations
    /// skip catching up on due events while it lies in the future.
    var dueHint: Timestamp?
    private var isBusy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Opens an engine: its database (migrated), its certificate authority, and the apps it knows.
    /// - Throws: ``AppStoreEngineError/storage(_:)``, ``AppStoreEngineError/signing(_:)`` or
    ///   ``AppStoreEngineError/corruptState(_:)``.
    public init(configuration: Configuration) async throws(AppStoreEngineError) {
        let (database, authority) = try await Self.openResources(configuration)
        self.database = database
        self.certificateAuthority = authority
        self.clock = configuration.clock
        self.policy = configuration.policy
        self.configuration = configuration
        let signer = try PayloadSigner(signer: authority.signer, concurrency: configuration.signingConcurrency)
        self.signer = try await Self.register(signer, in: database)
        apps = try await Self.loadApps(from: database)
        readCache.bundleIds = Set(apps.keys)
    }

    /// Closes the database once work already submitted finishes.
    public func close() async {
        await database.close()
    }

    /// The DER of the root certificate that anchors every signature.
    public nonisolated var rootCertificateDER: Data { certificateAuthority.root.derRepresentation }

    /// The current instant on the engine's clock.
    public nonisolated var now: Timestamp { clock.now }

    /// Runs `body` after every earlier operation finished; operations never interleave at suspension points.
    func exclusively<T: Sendable>(
        _ body: () async throws(AppStoreEngineError) -> T
    ) async throws(AppStoreEngineError) -> T {
        if isBusy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            isBusy = true
        }
        defer {
            if waiters.isEmpty { isBusy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }

    /// Runs `body` in one storage transaction with a fresh ``OperationScope`` at `now`, after catching up on
    /// due events; the scope's notifications are signed and its counters saved before the commit.
    func perform<T: Sendable>(
        at now: Timestamp? = nil, catchingUp: Bool = true,
        _ body: @escaping @Sendable (OperationScope) throws(AppStoreEngineError) -> T
    ) async throws(AppStoreEngineError) -> T {
        try await exclusively { () async throws(AppStoreEngineError) -> T in
            if catchingUp { try await catchUp() }
            let environment = self.environment
            let instant = now ?? clock.now
            let (value, scheduled) = try await transaction { tables throws(AppStoreEngineError) -> (T, Timestamp?) in
                let scope = try OperationScope(tables: tables, environment: environment, now: instant)
                let value = try body(scope)
                try scope.commit()
                return (value, scope.earliestScheduled)
            }
            if let scheduled, let hint = dueHint { dueHint = min(hint, scheduled) }
            return value
        }
    }

    /// Runs `body` in one storage transaction, mapping storage failures to ``AppStoreEngineError``.
    func transaction<T: Sendable>(
        _ body: @escaping @Sendable (EngineTables) throws(AppStoreEngineError) -> T
    ) async throws(AppStoreEngineError) -> T {
        defer { readCache.advanceVersion() }
        do {
            return try await database.transaction { sql in
                try body(EngineTables(sql: sql))
            }
        } catch let error as AppStoreEngineError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// What operations need from the engine, as one sendable value.
    var environment: EngineEnvironment {
        EngineEnvironment(
            apps: apps, policy: policy, signer: signer, clock: clock,
            massExtensionPageSize: configuration.massExtensionPageSize)
    }
}
