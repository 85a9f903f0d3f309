#!/usr/bin/env python3
"""Which tables and indexes a process's reads of a SQLite database file fell on.

Reads an strace log of `pread64` calls (strace -f -y -tt -e trace=pread64 -o LOG COMMAND), keeps the reads of
DATABASE's file whose path ends like DATABASE's name, and maps each read's offset to its page and the page to the
table or index that owns it, from SQLite's dbstat view over DATABASE (the database as it was left, so pages that
changed owner since the read are charged to their last owner; the store only grows in the engine's benchmark).
Prints the reads per table or index, largest first.

The engine benchmark deletes its store when it ends: hard-link engine.sqlite elsewhere while the run is going
(ln "${TMPDIR:-/tmp}"/tienda-bench-engine-only-*/engine.sqlite STORE) and pass that link. See docs/BENCHMARKS.md,
App Store engine, forty-third round.

Example: Scripts/reads-by-btree.py LOG STORE --last 76
"""

import argparse
import collections
import re
import sqlite3
import sys

READ = re.compile(r"^\S+\s+(\d+):(\d+):([\d.]+)\s+pread64\(\d+<([^>]*)>, .*, (\d+), (\d+)\)\s+=\s+(-?\d+)")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", help="strace's output (-f -y -tt -e trace=pread64)")
    parser.add_argument("database", help="the database file the reads were of, or a hard link to it")
    parser.add_argument("--last", type=float, metavar="SECONDS",
                        help="only the reads in the last SECONDS of the log (default: all of them)")
    parser.add_argument("--name", default="engine.sqlite",
                        help="the read file's name in the log (default engine.sqlite; its log and others are left out)")
    arguments = parser.parse_args()

    try:
        database = sqlite3.connect(f"file:{arguments.database}?mode=ro", uri=True)
        owners = dict(database.execute("SELECT pageno, name FROM dbstat"))
        page_size = database.execute("PRAGMA page_size").fetchone()[0]
    except sqlite3.Error as error:
        sys.exit(f"reads-by-btree.py: cannot read {arguments.database} with dbstat: {error}")

    reads = []
    try:
        with open(arguments.log, errors="replace") as log:
            for line in log:
                match = READ.match(line)
                if not match or not match.group(4).endswith("/" + arguments.name):
                    continue
                hours, minutes, seconds = int(match.group(1)), int(match.group(2)), float(match.group(3))
                reads.append((hours * 3600 + minutes * 60 + seconds, int(match.group(6)) // page_size + 1))
    except OSError as error:
        sys.exit(f"reads-by-btree.py: cannot read {arguments.log}: {error}")
    if not reads:
        sys.exit(f"reads-by-btree.py: no pread64 of a file named {arguments.name} in {arguments.log} "
                 "(was strace run with -y and -tt?)")

    end = reads[-1][0]
    if arguments.last is not None:
        reads = [read for read in reads if end - read[0] <= arguments.last]
    counts = collections.Counter(owners.get(page, "(not in the database now)") for _, page in reads)
    print(f"{len(reads):,} reads of {arguments.name} over {end - reads[0][0]:.1f} s, "
          f"{len(set(page for _, page in reads)):,} distinct pages")
    for name, count in counts.most_common():
        print(f"{count:10,}  {100 * count / len(reads):5.1f} %  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
