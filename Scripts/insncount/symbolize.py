#!/usr/bin/env python3
"""Turns the counting plugin's `block PATH FILE_OFFSET COUNT` lines into instructions per function.

Reads the plugin's report on standard input and writes it back without the block lines, followed by one line per
function, largest first: `symbol MODULE: COUNT NAME`. A block is charged to the symbol (from `nm`, the static
table and the dynamic one, and the static table of the library's separate debug file under
/usr/lib/debug/.build-id when a package such as libc6-dbg installed one) that holds its first instruction; a block
past the end of every symbol goes to `(MODULE internal)`, which is where a stripped library's static functions
land. Swift names are demangled with
`swift demangle --simplified` when the toolchain is on the PATH, unless `--mangled` is given (specializations of one
generic function then stay apart). See Scripts/insncount.sh.
"""

import bisect
import collections
import os
import shutil
import subprocess
import sys


def load_segments(path):
    """(file offset, virtual address, file size) of each LOAD segment of an ELF file."""
    output = subprocess.run(["readelf", "-lW", path], capture_output=True, text=True).stdout
    segments = []
    for line in output.splitlines():
        fields = line.split()
        if fields and fields[0] == "LOAD":
            segments.append((int(fields[1], 16), int(fields[2], 16), int(fields[4], 16)))
    return segments


def debug_file(path):
    """The separate debug file of an ELF file, found by its build ID, or None."""
    output = subprocess.run(["readelf", "-nW", path], capture_output=True, text=True).stdout
    for line in output.splitlines():
        if "Build ID:" in line:
            build_id = line.split("Build ID:")[1].strip()
            candidate = f"/usr/lib/debug/.build-id/{build_id[:2]}/{build_id[2:]}.debug"
            return candidate if os.path.exists(candidate) else None
    return None


def symbols(path):
    """Sorted (address, end, name) of the functions `nm` finds, static and dynamic, and in the debug file."""
    found = {}
    debug = debug_file(path)
    for extra, source in ([], path), (["-D"], path), ([], debug):
        if source is None:
            continue
        output = subprocess.run(
            ["nm", "-S", "-n", "--defined-only", *extra, source], capture_output=True, text=True).stdout
        for line in output.splitlines():
            fields = line.split()
            if len(fields) != 4 or fields[2] not in "tTwWiI":
                continue
            address, size = int(fields[0], 16), int(fields[1], 16)
            if size and (address not in found or found[address][0] < address + size):
                found[address] = (address + size, fields[3].split("@")[0])
    return sorted((address, end, name) for address, (end, name) in found.items())


def demangled(names):
    """Swift names demangled (others unchanged), when `swift demangle` is available."""
    swift = shutil.which("swift")
    if not swift or not names:
        return {name: name for name in names}
    result = subprocess.run(
        [swift, "demangle", "--simplified"], input="\n".join(names), capture_output=True, text=True)
    lines = result.stdout.split("\n")
    return {name: (lines[index] if index < len(lines) and lines[index] else name) for index, name in enumerate(names)}


def main():
    unknown = [argument for argument in sys.argv[1:] if argument != "--mangled"]
    if unknown:
        sys.exit(f"symbolize.py: unknown argument {unknown[0]!r} (the only option is --mangled)")
    keeps_mangled = "--mangled" in sys.argv[1:]
    blocks = collections.defaultdict(collections.Counter)
    for line in sys.stdin:
        if line.startswith("block "):
            # The path may hold spaces: the offset and the count are the last two fields.
            head, offset, count = line.rstrip("\n").rsplit(" ", 2)
            blocks[head[len("block "):]][int(offset, 16)] += int(count)
        else:
            sys.stdout.write(line)
    totals = collections.Counter()
    for path, offsets in blocks.items():
        module = os.path.basename(path)
        segments = load_segments(path) if os.path.exists(path) else []
        table = symbols(path) if os.path.exists(path) else []
        starts = [entry[0] for entry in table]
        for offset, count in offsets.items():
            address = next((offset - start + virtual for start, virtual, size in segments
                            if start <= offset < start + size), offset)
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0 and address < table[index][1]:
                totals[(module, table[index][2])] += count
            else:
                totals[(module, f"({module} internal)")] += count
    names = {} if keeps_mangled else demangled(sorted({name for _, name in totals}))
    merged = collections.Counter()
    for (module, name), count in totals.items():
        merged[(module, names.get(name, name))] += count
    for (module, name), count in merged.most_common():
        sys.stdout.write(f"symbol {module}: {count} {name}\n")


if __name__ == "__main__":
    main()
