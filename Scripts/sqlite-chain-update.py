#!/usr/bin/env python3
"""What one renewal's chain UPDATE costs in SQLite alone, and how much of it the due index takes.

Builds a chains table in a temporary directory with the engine's schema and row shape (write-ahead log,
synchronous=NORMAL, a 64 MiB page cache, as the engine opens its store), then renews every chain once a month for a
few months in due order, 2,048 updates a storage transaction, as the engine's due loop does, and prints the process
CPU time per update for each variant asked for:

  due       the engine's UPDATE of a renewal: status, due date, due sequence, state, latest transaction (the chain's
            entry moves in the chains_due index)
  nodue     the same UPDATE on a table without the chains_due index
  samedue   an UPDATE that leaves the due columns alone (the index is not touched)
  missing   the samedue UPDATE of keys that do not exist: what binding, stepping and committing cost with no row
            written, to subtract from the others
  duelog    the due order kept apart: the nodue UPDATE, each new due entry appended to a due_log table keyed by
            (due_at, due_sequence), and the entries a transaction consumed deleted as one range at its end

The updates go through executemany, so Python's own cost per update is small and the same in every variant; the
difference between two variants is SQLite's. It uses the SQLite that Python's sqlite3 module links (Debian's
libsqlite3, the one the engine uses). See docs/BENCHMARKS.md, App Store engine, forty-third round.

Example: Scripts/sqlite-chain-update.py missing due nodue samedue missing due nodue samedue
"""

import argparse
import os
import sqlite3
import sys
import tempfile
import time

SCHEMA = """
CREATE TABLE chains (original_transaction_id INTEGER PRIMARY KEY, bundle_id TEXT NOT NULL,
    account_id TEXT NOT NULL, group_id TEXT NOT NULL, ownership TEXT NOT NULL,
    purchaser_id INTEGER, product_id TEXT NOT NULL, status INTEGER NOT NULL,
    due_at INTEGER, due_sequence INTEGER, state BLOB NOT NULL, latest_transaction_id INTEGER,
    storefront TEXT, storefront_id TEXT, currency TEXT, app_transaction_id TEXT);
CREATE INDEX chains_account ON chains (bundle_id, account_id, group_id);
CREATE INDEX chains_purchaser ON chains (purchaser_id) WHERE purchaser_id IS NOT NULL;
CREATE INDEX chains_product ON chains (bundle_id, product_id);
"""
DUE_INDEX = "CREATE INDEX chains_due ON chains (due_at, due_sequence) WHERE due_at IS NOT NULL"
DUE_LOG = """
CREATE TABLE due_log (due_at INTEGER NOT NULL, due_sequence INTEGER NOT NULL, chain INTEGER NOT NULL,
    PRIMARY KEY (due_at, due_sequence)) WITHOUT ROWID
"""
VARIANTS = ("due", "nodue", "samedue", "missing", "duelog")
FIRST_KEY = 2_000_000_000_000_000
MONTH_MS = 2_592_000_000


def measure(variant, chains, months, batch, directory):
    path = os.path.join(directory, f"{variant}.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA cache_size = -65536")
    db.executescript(SCHEMA)
    if variant == "duelog":
        db.execute(DUE_LOG)
    elif variant != "nodue":
        db.execute(DUE_INDEX)
    state = os.urandom(76)  # a chain's compact state in the benchmark's workload is 76 bytes
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO chains VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ((FIRST_KEY + i, "com.tienda.example", f"subscriber-{i}", "5C0A11E1", "PURCHASED", None,
          "com.tienda.example.pro.monthly", 1, 1_700_000_000_000 + i * 25_000, i, state, FIRST_KEY + i,
          "USA", "143441", "USD", f"70400000{i:010d}") for i in range(chains)))
    if variant == "duelog":
        db.execute("INSERT INTO due_log SELECT due_at, due_sequence, original_transaction_id FROM chains")
    db.execute("COMMIT")
    sequence = chains
    updates = 0
    start = time.process_time()
    for month in range(1, months + 1):
        for first in range(0, chains, batch):
            keys = range(first, min(first + batch, chains))
            db.execute("BEGIN")
            if variant in ("samedue", "missing"):
                offset = FIRST_KEY if variant == "samedue" else FIRST_KEY * 2
                db.executemany(
                    "UPDATE chains SET status = ?, state = ?, latest_transaction_id = ? "
                    "WHERE original_transaction_id = ?",
                    ((1, state, sequence + n, offset + i) for n, i in enumerate(keys)))
            else:
                db.executemany(
                    "UPDATE chains SET status = ?, due_at = ?, due_sequence = ?, state = ?, latest_transaction_id = ? "
                    "WHERE original_transaction_id = ?",
                    ((1, 1_700_000_000_000 + month * MONTH_MS + i * 25_000, sequence + n, state, sequence + n,
                      FIRST_KEY + i) for n, i in enumerate(keys)))
                if variant == "duelog":
                    db.executemany(
                        "INSERT INTO due_log (due_at, due_sequence, chain) VALUES (?, ?, ?)",
                        ((1_700_000_000_000 + month * MONTH_MS + i * 25_000, sequence + n, FIRST_KEY + i)
                         for n, i in enumerate(keys)))
                    # The entries this transaction fired: everything due up to its last chain's previous date.
                    db.execute("DELETE FROM due_log WHERE due_at <= ?",
                               (1_700_000_000_000 + (month - 1) * MONTH_MS + keys[-1] * 25_000,))
            db.execute("COMMIT")
            sequence += len(keys)
            updates += len(keys)
    elapsed = time.process_time() - start
    db.close()
    return elapsed / updates * 1e6


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Variants: " + ", ".join(VARIANTS) + ". Each is measured on a new database, in the order given.")
    parser.add_argument("variants", nargs="+", choices=VARIANTS, metavar="VARIANT",
                        help="one of " + ", ".join(VARIANTS) + " (repeat them to see the spread)")
    parser.add_argument("--chains", type=int, default=100_000, help="chains in the table (default 100,000)")
    parser.add_argument("--months", type=int, default=3, help="renewals of every chain (default 3)")
    parser.add_argument("--batch", type=int, default=2048, help="updates a storage transaction (default 2,048)")
    arguments = parser.parse_args()
    if arguments.chains < 1 or arguments.months < 1 or arguments.batch < 1:
        parser.error("--chains, --months and --batch must be at least 1")
    print(f"SQLite {sqlite3.sqlite_version}, {arguments.chains:,} chains, {arguments.months} months, "
          f"{arguments.batch:,} updates a transaction", flush=True)
    with tempfile.TemporaryDirectory(prefix="sqlite-chain-update-") as directory:
        for variant in arguments.variants:
            cost = measure(variant, arguments.chains, arguments.months, arguments.batch, directory)
            print(f"{variant:8} {cost:5.2f} µs CPU an update", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
