extension StorageError {
    /// The kinds of storage failure, shared by both backends so callers handle each one once.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String {
            case uniqueViolation, constraintViolation, serializationFailure, busy, transactionAborted
            case statementFailed, invalidStatement, missingColumn, typeMismatch
            case openFailed, connectionFailed, connectionLost, closed, invalidConfiguration
            case invalidMigrations, schemaNewerThanCode
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// A `UNIQUE` or `PRIMARY KEY` constraint rejected the write (SQLite 2067/1555, PostgreSQL 23505):
        /// the row already exists. Idempotent writes catch this, or use `INSERT … ON CONFLICT DO NOTHING`.
        public static let uniqueViolation = Code(.uniqueViolation)
        /// A `NOT NULL`, `CHECK` or `FOREIGN KEY` constraint rejected the write.
        public static let constraintViolation = Code(.constraintViolation)
        /// PostgreSQL could not serialize the transaction, or broke a deadlock, on every allowed attempt.
        public static let serializationFailure = Code(.serializationFailure)
        /// Another connection held SQLite's write lock for longer than the busy timeout.
        public static let busy = Code(.busy)
        /// An earlier statement in this transaction failed, so it can only roll back (PostgreSQL's rule, applied
        /// on both backends). Wrap statements whose failure you handle in `SQLTransaction.savepoint`.
        public static let transactionAborted = Code(.transactionAborted)
        /// The database rejected the statement: a syntax error, a missing table or column, a type error.
        public static let statementFailed = Code(.statementFailed)
        /// The call itself is wrong: parameters that do not match the placeholders, several statements in
        /// one call, an empty statement, or a transaction used after its body returned.
        public static let invalidStatement = Code(.invalidStatement)
        /// A row has no column with the requested name.
        public static let missingColumn = Code(.missingColumn)
        /// A column holds a different type than the reader asked for.
        public static let typeMismatch = Code(.typeMismatch)
        /// SQLite could not open or configure the database file.
        public static let openFailed = Code(.openFailed)
        /// No connection to the PostgreSQL server could be made.
        public static let connectionFailed = Code(.connectionFailed)
        /// The PostgreSQL connection broke during a statement; the statement may or may not have run.
        public static let connectionLost = Code(.connectionLost)
        /// The database was closed.
        public static let closed = Code(.closed)
        /// A setting is invalid, such as a malformed connection string or a pool of no connections.
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// The list of migrations is malformed: versions that are not positive, unique and ascending.
        public static let invalidMigrations = Code(.invalidMigrations)
        /// The database was migrated by newer code than this build knows.
        public static let schemaNewerThanCode = Code(.schemaNewerThanCode)

        /// The code's name, such as `uniqueViolation`.
        public var description: String { kind.rawValue }
    }
}
