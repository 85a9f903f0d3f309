import Foundation
import StoreCrypto
import StoreModel
import StoreStorage

extension AppStoreEngine {
    /// How an engine is opened: where its state lives, which clock it follows, its lifecycle policy and the
    /// certificate authority that signs everything.
    ///
    /// ```swift
    /// let clock = VirtualClock()
    /// let engine = try await AppStoreEngine(configuration: .init(storage: .inMemory, clock: clock))
    /// let persistent = try await AppStoreEngine(configuration: .init(
    ///     storage: .stateDirectory(URL(fileURLWithPath: "state")), clock: SystemClock()))
    /// ```
    public struct Configuration: Sendable {
        /// Where the engine keeps its state.
        public enum Storage: Sendable {
            /// `engine.sqlite` (write-ahead log, `synchronous=NORMAL`) and the `pki` folder in this directory,
            /// both created when missing. Survives restarts and process crashes.
            case stateDirectory(URL)
            /// An in-memory SQLite database and a fresh authority; gone when the engine closes.
            case inMemory
            /// A database opened by the caller (already configured); the engine migrates it.
            case database(any SQLDatabase)
        }

        /// Where the engine keeps its state.
        public var storage: Storage
        /// The clock: a `VirtualClock` for tests and scenarios, `SystemClock` for servers.
        public var clock: any StoreClock
        /// The answers to the reference's open questions.
        public var policy: LifecyclePolicy
        /// The authority that signs; `nil` loads or creates one in the state directory (or generates one in
        /// memory for the other storages).
        public var certificateAuthority: CertificateAuthority?
        /// How many threads sign notifications in parallel when many are raised at once.
        public var signingConcurrency: Int
        /// How many due events one storage transaction handles at most.
        public var dueEventBatchSize: Int
        /// How many subscriptions one step of a renewal-date extension for all subscribers handles; each step is
        /// one storage transaction.
        public var massExtensionPageSize: Int

        /// Creates a configuration.
        public init(
            storage: Storage = .inMemory, clock: any StoreClock = SystemClock(), policy: LifecyclePolicy = .default,
            certificateAuthority: CertificateAuthority? = nil,
            signingConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount, dueEventBatchSize: Int = 2048,
            massExtensionPageSize: Int = 500
        ) {
            self.storage = storage
            self.clock = clock
            self.policy = policy
            self.certificateAuthority = certificateAuthority
            self.signingConcurrency = max(1, signingConcurrency)
            self.dueEventBatchSize = max(1, dueEventBatchSize)
            self.massExtensionPageSize = max(1, massExtensionPageSize)
        }
    }

    /// Opens the database and the authority a configuration names, and migrates the database.
    static func openResources(
        _ configuration: Configuration
    ) async throws(AppStoreEngineError) -> (any SQLDatabase, CertificateAuthority) {
        let database: any SQLDatabase
        var authority = configuration.certificateAuthority
        do {
            switch configuration.storage {
            case .stateDirectory(let directory):
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                database = try SQLiteDatabase(
                    path: directory.appendingPathComponent("engine.sqlite").path,
                    configuration: SQLiteDatabase.Configuration(durability: .normal))
                if authority == nil { authority = try CertificateAuthority.loadOrCreate(in: directory) }
            case .inMemory:
                database = try SQLiteDatabase.inMemory(configuration: SQLiteDatabase.Configuration(durability: .normal))
            case .database(let given):
                database = given
            }
            if authority == nil { authority = try CertificateAuthority.generate() }
            if database.dialect == .sqlite {
                // A 64 MiB page cache keeps the chains and their due index in memory for ~100,000 subscribers.
                try await database.execute("PRAGMA cache_size = -65536")
                try await database.execute("PRAGMA wal_autocheckpoint = 8192")
                // Debian builds SQLite with secure deletion on, which zeroes every cell a row's update or an index
                // entry's move frees (a renewal frees a chain's cell and its due-index entry). The emulator's store
                // holds nothing that must not linger in free space, so it keeps SQLite's usual default.
                try await database.execute("PRAGMA secure_delete = OFF")
            }
            try await database.migrate(EngineSchema.migrations)
        } catch let error as AppStoreEngineError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
        guard let authority else { throw .signing("no certificate authority") }
        return (database, authority)
    }
}
