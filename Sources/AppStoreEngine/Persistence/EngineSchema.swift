import StoreStorage

/// The engine's tables. Rows are compact: the signed-payload JSON (or the lifecycle state) in one blob plus
/// the columns queries filter and order by. Identifiers Apple writes as numeric strings are stored as integers.
enum EngineSchema {
    /// Every migration, oldest first.
    static let migrations: [Migration] = [
        Migration(version: 1, name: "App Store engine") { dialect in
            let blob = dialect == .sqlite ? "BLOB" : "BYTEA"
            let integer = dialect == .sqlite ? "INTEGER" : "BIGINT"
            return [
                "CREATE TABLE engine_counters (name TEXT PRIMARY KEY, next_value \(integer) NOT NULL)",
                """
                CREATE TABLE signing_headers (id \(integer) PRIMARY KEY, header TEXT NOT NULL UNIQUE)
                """,
                """
                CREATE TABLE apps (bundle_id TEXT PRIMARY KEY, app_apple_id \(integer), environment TEXT NOT NULL,
                    bundle_version TEXT NOT NULL, original_platform TEXT NOT NULL, catalog \(blob) NOT NULL,
                    catalog_file_name TEXT NOT NULL, overrides \(blob) NOT NULL, not_for_sale \(blob) NOT NULL)
                """,
                """
                CREATE TABLE accounts (id TEXT PRIMARY KEY, storefront TEXT NOT NULL, storefront_id TEXT NOT NULL,
                    currency TEXT NOT NULL, family_group TEXT, device_verification_id TEXT NOT NULL,
                    can_make_payments \(integer) NOT NULL)
                """,
                "CREATE INDEX accounts_family ON accounts (family_group)",
                """
                CREATE TABLE app_transactions (bundle_id TEXT NOT NULL, account_id TEXT NOT NULL,
                    app_transaction_id TEXT NOT NULL, original_purchase_date \(integer) NOT NULL,
                    original_application_version TEXT NOT NULL, PRIMARY KEY (bundle_id, account_id))
                """,
                """
                CREATE TABLE chains (original_transaction_id \(integer) PRIMARY KEY, bundle_id TEXT NOT NULL,
                    account_id TEXT NOT NULL, group_id TEXT NOT NULL, ownership TEXT NOT NULL,
                    purchaser_id \(integer), product_id TEXT NOT NULL, status \(integer) NOT NULL,
                    due_at \(integer), due_sequence \(integer), state \(blob) NOT NULL)
                """,
                "CREATE INDEX chains_account ON chains (bundle_id, account_id, group_id)",
                "CREATE INDEX chains_due ON chains (due_at, due_sequence) WHERE due_at IS NOT NULL",
                "CREATE INDEX chains_purchaser ON chains (purchaser_id) WHERE purchaser_id IS NOT NULL",
                "CREATE INDEX chains_product ON chains (bundle_id, product_id)",
                """
                CREATE TABLE transactions (transaction_id \(integer) PRIMARY KEY, bundle_id TEXT NOT NULL,
                    account_id TEXT NOT NULL, product_id TEXT NOT NULL, product_type TEXT NOT NULL,
                    original_transaction_id \(integer) NOT NULL, purchase_date \(integer) NOT NULL,
                    finished \(integer) NOT NULL, revoked \(integer) NOT NULL, family_source \(integer),
                    payload \(blob) NOT NULL)
                """,
                "CREATE INDEX transactions_account ON transactions (bundle_id, account_id, product_id)",
                "CREATE INDEX transactions_original ON transactions (original_transaction_id)",
                "CREATE INDEX transactions_family ON transactions (family_source) WHERE family_source IS NOT NULL",
                """
                CREATE TABLE updates (sequence \(integer) PRIMARY KEY, bundle_id TEXT NOT NULL,
                    account_id TEXT NOT NULL, transaction_id \(integer) NOT NULL, recorded_at \(integer) NOT NULL)
                """,
                "CREATE INDEX updates_account ON updates (bundle_id, account_id, sequence)",
                """
                CREATE TABLE pending_purchases (id TEXT PRIMARY KEY, kind TEXT NOT NULL, bundle_id TEXT NOT NULL,
                    account_id TEXT NOT NULL, request \(blob) NOT NULL, requested_at \(integer) NOT NULL)
                """,
                """
                CREATE TABLE outbox (sequence \(integer) PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,
                    bundle_id TEXT NOT NULL, environment TEXT NOT NULL, notification_type TEXT NOT NULL,
                    subtype TEXT, transaction_id \(integer), original_transaction_id \(integer),
                    signed_date \(integer) NOT NULL, delivery_state TEXT NOT NULL, failures \(integer) NOT NULL,
                    attempts \(blob), header_id \(integer) NOT NULL, payload \(blob) NOT NULL,
                    signature TEXT NOT NULL, test_token TEXT)
                """,
                "CREATE INDEX outbox_pending ON outbox (delivery_state, sequence)",
                "CREATE INDEX outbox_history ON outbox (bundle_id, signed_date)",
                "CREATE INDEX outbox_chain ON outbox (original_transaction_id)",
                "CREATE INDEX outbox_test_token ON outbox (test_token) WHERE test_token IS NOT NULL",
                """
                CREATE TABLE scheduled_tasks (sequence \(integer) PRIMARY KEY, due_at \(integer) NOT NULL,
                    kind TEXT NOT NULL, payload \(blob) NOT NULL)
                """,
                "CREATE INDEX scheduled_tasks_due ON scheduled_tasks (due_at, sequence)",
                """
                CREATE TABLE extension_requests (request_identifier TEXT PRIMARY KEY, bundle_id TEXT NOT NULL,
                    product_id TEXT NOT NULL, status \(blob) NOT NULL)
                """,
                "CREATE TABLE offer_nonces (nonce TEXT PRIMARY KEY, used_at \(integer) NOT NULL)",
                """
                CREATE TABLE consumption_information (transaction_id \(integer) PRIMARY KEY,
                    request \(blob) NOT NULL, recorded_at \(integer) NOT NULL)
                """,
            ]
        },
        Migration(version: 2, name: "Notification UUIDs derived from the outbox sequence") { dialect in
            outboxWithoutRandomKeys(dialect)
        },
        // Every renewal wrote an entry at a random place in `transactions_original` and `updates_account`. A
        // chain's transactions are found through their owner's account instead (its chain row, or its original
        // transaction's row, names it), and an account's updates through its transactions, with an index on
        // `updates.transaction_id` that grows at its end (updates are mostly about new transactions).
        Migration(version: 3, name: "Transactions and updates indexed by account only", sql: [
            "DROP INDEX transactions_original",
            "DROP INDEX updates_account",
            "CREATE INDEX updates_transaction ON updates (transaction_id)",
        ]),
        // A transaction announced in the updates feed as it is created (every renewal) carries its announcement
        // in its own row instead of a row of `updates`, which keeps the later announcements (refunds, revocations,
        // outside-app purchases, family grants).
        Migration(version: 4, name: "Announcements of new transactions in their row") { dialect in
            let integer = dialect == .sqlite ? "INTEGER" : "BIGINT"
            return [
                "ALTER TABLE transactions ADD COLUMN announced_sequence \(integer)",
                "ALTER TABLE transactions ADD COLUMN announced_at \(integer)",
            ]
        },
        // Every due event reads its chain's account and app transaction record by key. Kept in a rowid table, each
        // was found through the key's index and then read from the table: two B-tree searches where one does.
        // PostgreSQL has no such layout, and nothing changes there.
        Migration(
            version: 5, name: "Accounts and app transactions stored in their key's order",
            sqlite: accountsWithoutRowid, postgresql: []),
        // Every renewal still wrote an entry at a random place in `transactions_account`. A subscription chain's
        // transactions are found through their chain instead: its row names its latest transaction, and each of
        // its transactions the one stored before it (0 for the first). The account index keeps the other
        // transactions only: one-time purchases, family members' copies of them, non-renewing subscriptions.
        Migration(version: 6, name: "Subscription transactions linked through their chain") { dialect in
            let integer = dialect == .sqlite ? "INTEGER" : "BIGINT"
            return [
                "ALTER TABLE transactions ADD COLUMN previous_transaction_id \(integer)",
                "ALTER TABLE chains ADD COLUMN latest_transaction_id \(integer)",
            ] + chainLinks + [
                "DROP INDEX transactions_account",
                """
                CREATE INDEX transactions_account ON transactions (bundle_id, account_id, product_id)
                    WHERE previous_transaction_id IS NULL
                """,
            ]
        },
        // A notification stores its transaction as a reference to the transaction's row. When the row changed (a
        // refund, a revocation, an extension), the JSON the notification was signed with was written into the
        // notification's row: a row at a random place read, grown by that JSON and written back. It goes into a
        // table of its own instead, appended, keyed by the notification's sequence number; reading a notification
        // takes it from there when it is there.
        Migration(version: 7, name: "Superseded transaction JSON kept apart from the outbox") { dialect in
            switch dialect {
            case .sqlite:
                [
                    """
                    CREATE TABLE superseded_transactions (id INTEGER PRIMARY KEY, sequence INTEGER NOT NULL UNIQUE,
                        payload BLOB NOT NULL)
                    """
                ]
            case .postgresql:
                ["CREATE TABLE superseded_transactions (sequence BIGINT PRIMARY KEY, payload BYTEA NOT NULL)"]
            }
        },
        // Every due event read its chain's account and app transaction through two joins: two B-tree searches by
        // text keys per renewal. A chain row keeps what its events need of them instead: its owner's storefront
        // (rewritten with the account) and the app transaction's ID (which never changes once made).
        Migration(version: 8, name: "Chains keep their owner's storefront and app transaction ID", sql: [
            "ALTER TABLE chains ADD COLUMN storefront TEXT",
            "ALTER TABLE chains ADD COLUMN storefront_id TEXT",
            "ALTER TABLE chains ADD COLUMN currency TEXT",
            "ALTER TABLE chains ADD COLUMN app_transaction_id TEXT",
            """
            UPDATE chains SET storefront = accounts.storefront, storefront_id = accounts.storefront_id,
                currency = accounts.currency
            FROM accounts WHERE accounts.id = chains.account_id
            """,
            """
            UPDATE chains SET app_transaction_id = app_transactions.app_transaction_id
            FROM app_transactions
            WHERE app_transactions.bundle_id = chains.bundle_id AND app_transactions.account_id = chains.account_id
            """,
        ]),
        // Finding the notifications that refer to a changing transaction took an index entry for every
        // notification (`outbox_transaction`), written with each one, to serve the rare change. A change now keeps
        // the transaction's JSON as a version instead, keyed by the transaction and the first outbox sequence
        // number it no longer applies to: a notification reads the earliest version past its own sequence number,
        // else the row. The JSON kept for each notification becomes the version just past that notification.
        Migration(version: 9, name: "Transaction versions instead of an outbox index by transaction") { dialect in
            let blob = dialect == .sqlite ? "BLOB" : "BYTEA"
            let integer = dialect == .sqlite ? "INTEGER" : "BIGINT"
            let layout = dialect == .sqlite ? " WITHOUT ROWID" : ""
            return [
                """
                CREATE TABLE transaction_versions (transaction_id \(integer) NOT NULL,
                    before_sequence \(integer) NOT NULL, payload \(blob) NOT NULL,
                    PRIMARY KEY (transaction_id, before_sequence))\(layout)
                """,
                """
                INSERT INTO transaction_versions (transaction_id, before_sequence, payload)
                SELECT outbox.transaction_id, superseded_transactions.sequence + 1, superseded_transactions.payload
                FROM superseded_transactions JOIN outbox ON outbox.sequence = superseded_transactions.sequence
                WHERE outbox.transaction_id IS NOT NULL
                """,
                "DROP TABLE superseded_transactions",
                "DROP INDEX outbox_transaction",
            ]
        },
    ]

    /// Migration 6's links between the transactions stored before it: each chain's transactions (its owner's,
    /// under its original transaction ID) linked in the order they were stored, and the chain naming the last.
    static let chainLinks: [String] = [
        """
        UPDATE transactions SET previous_transaction_id = links.previous_transaction_id FROM (
            SELECT transactions.transaction_id, COALESCE(LAG(transactions.transaction_id) OVER (
                    PARTITION BY transactions.original_transaction_id ORDER BY transactions.transaction_id), 0)
                AS previous_transaction_id
            FROM chains JOIN transactions ON transactions.bundle_id = chains.bundle_id
                AND transactions.account_id = chains.account_id
                AND transactions.original_transaction_id = chains.original_transaction_id
        ) AS links WHERE transactions.transaction_id = links.transaction_id
        """,
        """
        UPDATE chains SET latest_transaction_id = latest.transaction_id FROM (
            SELECT original_transaction_id, MAX(transaction_id) AS transaction_id FROM transactions
            WHERE previous_transaction_id IS NOT NULL GROUP BY original_transaction_id
        ) AS latest WHERE chains.original_transaction_id = latest.original_transaction_id
        """,
    ]

    /// Migration 5 on SQLite: `accounts` and `app_transactions` rebuilt `WITHOUT ROWID` under their names, with their
    /// rows and indexes.
    private static let accountsWithoutRowid: [String] = [
        """
        CREATE TABLE accounts_by_key (id TEXT PRIMARY KEY, storefront TEXT NOT NULL, storefront_id TEXT NOT NULL,
            currency TEXT NOT NULL, family_group TEXT, device_verification_id TEXT NOT NULL,
            can_make_payments INTEGER NOT NULL) WITHOUT ROWID
        """,
        """
        INSERT INTO accounts_by_key (id, storefront, storefront_id, currency, family_group, device_verification_id,
            can_make_payments)
        SELECT id, storefront, storefront_id, currency, family_group, device_verification_id, can_make_payments
        FROM accounts
        """,
        "DROP TABLE accounts",
        "ALTER TABLE accounts_by_key RENAME TO accounts",
        "CREATE INDEX accounts_family ON accounts (family_group)",
        """
        CREATE TABLE app_transactions_by_key (bundle_id TEXT NOT NULL, account_id TEXT NOT NULL,
            app_transaction_id TEXT NOT NULL, original_purchase_date INTEGER NOT NULL,
            original_application_version TEXT NOT NULL, PRIMARY KEY (bundle_id, account_id)) WITHOUT ROWID
        """,
        """
        INSERT INTO app_transactions_by_key (bundle_id, account_id, app_transaction_id, original_purchase_date,
            original_application_version)
        SELECT bundle_id, account_id, app_transaction_id, original_purchase_date, original_application_version
        FROM app_transactions
        """,
        "DROP TABLE app_transactions",
        "ALTER TABLE app_transactions_by_key RENAME TO app_transactions",
    ]

    /// Migration 2. New notifications store no UUID: theirs is derived from the sequence number with a key drawn
    /// here (``NotificationUUIDCodec``), so the outbox loses its unique index on a random key. Rows written
    /// before keep their random UUID, found through a partial index that new rows stay out of. The index on
    /// `original_transaction_id` (written at a random place per notification) becomes one on `transaction_id`
    /// (most notifications are about the newest transaction, so it grows at its end); the rare history query by
    /// transaction reads by bundle and date instead. On PostgreSQL, `signing_headers` loses the unique index that
    /// could not hold a header with its certificate chain.
    private static func outboxWithoutRandomKeys(_ dialect: SQLDialect) -> [String] {
        let key = "'\(EngineCounters.notificationUUIDKeyName)'"
        let common = [
            "CREATE INDEX outbox_legacy_uuid ON outbox (uuid) WHERE uuid IS NOT NULL",
            "CREATE INDEX outbox_transaction ON outbox (transaction_id) WHERE transaction_id IS NOT NULL",
        ]
        switch dialect {
        case .sqlite:
            let columns = """
                sequence, uuid, bundle_id, environment, notification_type, subtype, transaction_id,
                    original_transaction_id, signed_date, delivery_state, failures, attempts, header_id, payload,
                    signature, test_token
                """
            return [
                "INSERT INTO engine_counters (name, next_value) VALUES (\(key), random())",
                """
                CREATE TABLE outbox_v2 (sequence INTEGER PRIMARY KEY, uuid TEXT,
                    bundle_id TEXT NOT NULL, environment TEXT NOT NULL, notification_type TEXT NOT NULL,
                    subtype TEXT, transaction_id INTEGER, original_transaction_id INTEGER,
                    signed_date INTEGER NOT NULL, delivery_state TEXT NOT NULL, failures INTEGER NOT NULL,
                    attempts BLOB, header_id INTEGER NOT NULL, payload BLOB NOT NULL,
                    signature TEXT NOT NULL, test_token TEXT)
                """,
                "INSERT INTO outbox_v2 (\(columns)) SELECT \(columns) FROM outbox",
                "DROP TABLE outbox",
                "ALTER TABLE outbox_v2 RENAME TO outbox",
                "CREATE INDEX outbox_pending ON outbox (delivery_state, sequence)",
                "CREATE INDEX outbox_history ON outbox (bundle_id, signed_date)",
                "CREATE INDEX outbox_test_token ON outbox (test_token) WHERE test_token IS NOT NULL",
            ] + common
        case .postgresql:
            return [
                """
                INSERT INTO engine_counters (name, next_value)
                    VALUES (\(key), ('x' || substr(md5(random()::text || clock_timestamp()::text), 1, 16))::bit(64)::bigint)
                """,
                "ALTER TABLE outbox DROP CONSTRAINT outbox_uuid_key",
                "ALTER TABLE outbox ALTER COLUMN uuid DROP NOT NULL",
                "DROP INDEX outbox_chain",
                // A signing header with its certificate chain runs to 3 KB, past what a PostgreSQL B-tree entry
                // holds; the engine finds a header by reading the table's few rows, so it needs no index.
                "ALTER TABLE signing_headers DROP CONSTRAINT signing_headers_header_key",
            ] + common
        }
    }
}
