public import StoreStorage

/// The entitlement server's tables, as migrations that run unchanged on SQLite and PostgreSQL.
///
/// Every table is prefixed `ent_`, so the server can share a database with the emulator's engine.
/// - `ent_notifications`: every notification ever accepted, by `notificationUUID` (deduplication and "why").
/// - `ent_transactions`: each transaction's latest signed version, by `transactionId`.
/// - `ent_chains`: per `originalTransactionId`, two last-writer-wins registers ordered by `signedDate`: the
///   subscription status and the renewal info.
/// - `ent_owners`, `ent_account_tokens`, `ent_ownership_audit`: which accounts own which chains, and why.
/// - `ent_ledger`: consumable credits and debits, one row per idempotency key.
/// - `ent_grants`: promotional grants.
/// - `ent_events`, `ent_outbox`: normalized events and their per-webhook delivery state.
/// - `ent_accounts`: a version per account, bumped by every write that can change its answer.
/// - `ent_reconciler`: how far the reconciler has read each environment's notification history.
public enum EntitlementSchema {
    /// Every migration, in version order.
    public static let migrations: [Migration] = [
        Migration(version: 1, name: "entitlement server") { dialect in
            let bigint = dialect.integerType
            return [
                """
                CREATE TABLE ent_notifications (
                    notification_uuid TEXT PRIMARY KEY,
                    notification_type TEXT NOT NULL,
                    subtype TEXT,
                    signed_date \(bigint) NOT NULL,
                    original_transaction_id TEXT,
                    transaction_id TEXT,
                    environment TEXT NOT NULL,
                    bundle_id TEXT NOT NULL,
                    source TEXT NOT NULL,
                    applied INTEGER NOT NULL DEFAULT 0,
                    received_at \(bigint) NOT NULL)
                """,
                "CREATE INDEX ent_notifications_chain ON ent_notifications (original_transaction_id, signed_date)",
                """
                CREATE TABLE ent_transactions (
                    transaction_id TEXT PRIMARY KEY,
                    original_transaction_id TEXT NOT NULL,
                    bundle_id TEXT NOT NULL,
                    environment TEXT NOT NULL,
                    product_id TEXT NOT NULL,
                    product_type TEXT NOT NULL,
                    purchase_date \(bigint),
                    expires_date \(bigint),
                    revocation_date \(bigint),
                    is_upgraded INTEGER NOT NULL DEFAULT 0,
                    quantity \(bigint) NOT NULL DEFAULT 1,
                    ownership_type TEXT,
                    app_account_token TEXT,
                    signed_date \(bigint) NOT NULL,
                    payload TEXT NOT NULL)
                """,
                "CREATE INDEX ent_transactions_chain ON ent_transactions (original_transaction_id)",
                """
                CREATE TABLE ent_chains (
                    original_transaction_id TEXT PRIMARY KEY,
                    bundle_id TEXT NOT NULL,
                    environment TEXT NOT NULL,
                    status INTEGER,
                    status_signed_date \(bigint) NOT NULL,
                    status_tiebreak TEXT NOT NULL,
                    renewal_payload TEXT,
                    renewal_signed_date \(bigint) NOT NULL,
                    renewal_tiebreak TEXT NOT NULL)
                """,
                """
                CREATE TABLE ent_owners (
                    original_transaction_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    role TEXT NOT NULL,
                    since \(bigint) NOT NULL,
                    PRIMARY KEY (original_transaction_id, account_id))
                """,
                "CREATE INDEX ent_owners_account ON ent_owners (account_id)",
                "CREATE TABLE ent_account_tokens (app_account_token TEXT PRIMARY KEY, account_id TEXT NOT NULL)",
                """
                CREATE TABLE ent_ownership_audit (
                    id \(dialect.autoincrementPrimaryKey),
                    at \(bigint) NOT NULL,
                    original_transaction_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    previous_owner TEXT,
                    policy TEXT NOT NULL,
                    decision TEXT NOT NULL,
                    evidence TEXT NOT NULL)
                """,
                "CREATE INDEX ent_ownership_audit_account ON ent_ownership_audit (account_id)",
                "CREATE INDEX ent_ownership_audit_previous ON ent_ownership_audit (previous_owner)",
                """
                CREATE TABLE ent_ledger (
                    entry_id TEXT PRIMARY KEY,
                    account_id TEXT,
                    transaction_id TEXT,
                    original_transaction_id TEXT,
                    currency TEXT NOT NULL,
                    amount \(bigint) NOT NULL,
                    kind TEXT NOT NULL,
                    at \(bigint) NOT NULL)
                """,
                "CREATE INDEX ent_ledger_chain ON ent_ledger (original_transaction_id)",
                "CREATE INDEX ent_ledger_account ON ent_ledger (account_id)",
                """
                CREATE TABLE ent_grants (
                    grant_id TEXT PRIMARY KEY,
                    account_id TEXT NOT NULL,
                    capability TEXT NOT NULL,
                    starts_at \(bigint) NOT NULL,
                    expires_at \(bigint),
                    revoked_at \(bigint),
                    reason TEXT NOT NULL,
                    created_at \(bigint) NOT NULL)
                """,
                "CREATE INDEX ent_grants_account ON ent_grants (account_id)",
                """
                CREATE TABLE ent_events (
                    event_id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    original_transaction_id TEXT,
                    occurred_at \(bigint) NOT NULL,
                    payload TEXT NOT NULL)
                """,
                "CREATE INDEX ent_events_chain ON ent_events (original_transaction_id)",
                """
                CREATE TABLE ent_outbox (
                    event_id TEXT NOT NULL,
                    endpoint TEXT NOT NULL,
                    next_attempt_at \(bigint) NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    lease_until \(bigint),
                    delivered_at \(bigint),
                    last_error TEXT,
                    PRIMARY KEY (event_id, endpoint))
                """,
                "CREATE INDEX ent_outbox_due ON ent_outbox (delivered_at, next_attempt_at)",
                "CREATE TABLE ent_accounts (account_id TEXT PRIMARY KEY, version \(bigint) NOT NULL, updated_at \(bigint) NOT NULL)",
                "CREATE INDEX ent_accounts_updated ON ent_accounts (updated_at)",
                "CREATE TABLE ent_reconciler (scope TEXT PRIMARY KEY, history_checked_until \(bigint) NOT NULL)",
            ]
        },
        // Every ingest inserts a notification and an event and bumps an account version. No query reads events by
        // chain (the history reads notifications, the deliverer reads events by id), so their chain index only cost
        // an entry per event. On SQLite a table keyed by text also kept each row twice, in the table under a hidden
        // rowid and in its key's index; the notifications, events and account versions are now stored in their key's
        // order alone (`WITHOUT ROWID`; their rows are small). PostgreSQL has no such layout: only the index goes.
        Migration(
            version: 2, name: "No event index by chain; notifications, events and account versions by their key",
            sqlite: ["DROP INDEX ent_events_chain"] + rebuiltWithoutRowid, postgresql: ["DROP INDEX ent_events_chain"]),
        // Both stores index NULL: every ownership link made by an `appAccountToken` wrote an audit entry under a NULL
        // previous owner, and every consumable's ledger entry (held by its purchase, not by an account) one under a
        // NULL account, though the readers only look these columns up by an account (`previous_owner = ?`,
        // `account_id = ?`, which imply NOT NULL, so both stores still use the indexes). Each is now partial: one
        // index entry fewer per link and per ledger entry.
        Migration(version: 3, name: "Audit and ledger indexes without NULL entries", sql: [
            "DROP INDEX ent_ownership_audit_previous",
            "CREATE INDEX ent_ownership_audit_previous ON ent_ownership_audit (previous_owner) WHERE previous_owner IS NOT NULL",
            "DROP INDEX ent_ledger_account",
            "CREATE INDEX ent_ledger_account ON ent_ledger (account_id) WHERE account_id IS NOT NULL",
        ]),
    ]

    /// Migration 2 on SQLite: each table rebuilt `WITHOUT ROWID` under its name, with its rows and indexes.
    private static let rebuiltWithoutRowid: [String] = [
        """
        CREATE TABLE ent_notifications_by_key (
            notification_uuid TEXT PRIMARY KEY,
            notification_type TEXT NOT NULL,
            subtype TEXT,
            signed_date INTEGER NOT NULL,
            original_transaction_id TEXT,
            transaction_id TEXT,
            environment TEXT NOT NULL,
            bundle_id TEXT NOT NULL,
            source TEXT NOT NULL,
            applied INTEGER NOT NULL DEFAULT 0,
            received_at INTEGER NOT NULL) WITHOUT ROWID
        """,
        """
        INSERT INTO ent_notifications_by_key (notification_uuid, notification_type, subtype, signed_date,
            original_transaction_id, transaction_id, environment, bundle_id, source, applied, received_at)
        SELECT notification_uuid, notification_type, subtype, signed_date, original_transaction_id, transaction_id,
            environment, bundle_id, source, applied, received_at
        FROM ent_notifications
        """,
        "DROP TABLE ent_notifications",
        "ALTER TABLE ent_notifications_by_key RENAME TO ent_notifications",
        "CREATE INDEX ent_notifications_chain ON ent_notifications (original_transaction_id, signed_date)",
        """
        CREATE TABLE ent_events_by_key (
            event_id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            original_transaction_id TEXT,
            occurred_at INTEGER NOT NULL,
            payload TEXT NOT NULL) WITHOUT ROWID
        """,
        """
        INSERT INTO ent_events_by_key (event_id, kind, original_transaction_id, occurred_at, payload)
        SELECT event_id, kind, original_transaction_id, occurred_at, payload FROM ent_events
        """,
        "DROP TABLE ent_events",
        "ALTER TABLE ent_events_by_key RENAME TO ent_events",
        """
        CREATE TABLE ent_accounts_by_key (
            account_id TEXT PRIMARY KEY, version INTEGER NOT NULL, updated_at INTEGER NOT NULL) WITHOUT ROWID
        """,
        "INSERT INTO ent_accounts_by_key (account_id, version, updated_at) SELECT account_id, version, updated_at FROM ent_accounts",
        "DROP TABLE ent_accounts",
        "ALTER TABLE ent_accounts_by_key RENAME TO ent_accounts",
        "CREATE INDEX ent_accounts_updated ON ent_accounts (updated_at)",
    ]
}
