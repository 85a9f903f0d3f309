extension SQLiteDatabase {
    /// How a SQLite database is opened.
    public struct Configuration: Sendable, Hashable {
        /// When a commit counts as done; ``Durability/full`` unless you accept losing recent commits on power loss.
        public var durability: Durability
        /// How long a statement waits for another connection (usually another process) to release the write lock
        /// before failing with ``StorageError/Code/busy``.
        public var busyTimeout: Duration
        /// How many prepared statements the connection keeps, keyed by SQL text. When it is full, all are
        /// finalized and preparing starts afresh; size it above the number of distinct statements the app runs.
        public var statementCacheCapacity: Int
        /// Whether a file's runs of contiguous writes go to the operating system in one call each: the frames a
        /// commit appends to the write-ahead log (which SQLite writes two calls a frame) and the pages a
        /// checkpoint copies into the database file (one call a page). The files hold the same bytes whenever
        /// another connection, a crash or a sync can see them: the log's frames are written by the time their
        /// commit returns, a checkpoint's pages before it records that they were copied. On by default; off opens
        /// the file with SQLite's default VFS alone. See ``SQLiteDatabase/vfsName``.
        public var coalescesWrites: Bool

        /// Creates a configuration; the defaults suit a server that must lose nothing on a crash.
        public init(
            durability: Durability = .full, busyTimeout: Duration = .seconds(5), statementCacheCapacity: Int = 256,
            coalescesWrites: Bool = true
        ) {
            self.durability = durability
            self.busyTimeout = busyTimeout
            self.statementCacheCapacity = statementCacheCapacity
            self.coalescesWrites = coalescesWrites
        }
    }

    /// When a SQLite commit counts as done. Both modes use the write-ahead log (`journal_mode=WAL`), so a crash
    /// never corrupts the database and never leaves half a transaction.
    public enum Durability: Sendable, Hashable {
        /// `synchronous=FULL`: a commit returns only after the log is flushed to stable storage, so no commit
        /// that returned is lost on a process crash, an operating-system crash or power loss. The default.
        case full
        /// `synchronous=NORMAL`: a commit returns once it is written to the log, which is flushed only at
        /// checkpoints. Commits survive a crash of the process, but the most recent ones can be lost on power loss
        /// or an operating-system crash. Several times faster per commit.
        case normal

        var pragmaValue: String {
            switch self {
            case .full: "FULL"
            case .normal: "NORMAL"
            }
        }
    }
}
