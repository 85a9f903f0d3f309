#!/usr/bin/env bash
# Exact instruction counts per loaded module, under qemu-user, to compare two builds (docs/BENCHMARKS.md, App Store
# engine, thirty-seventh round).
set -euo pipefail

usage() {
    cat <<'USAGE'
USAGE: Scripts/insncount.sh [--out FILE] COMMAND [ARGS...]
       Scripts/insncount.sh --compare FILE_A FILE_B [--per N]

Runs COMMAND under qemu-user (qemu-x86_64) with a small TCG plugin (Scripts/insncount/module_counter.c, built into
a temporary directory) that counts the instructions executed in each loaded module: the executable, libcrypto,
SQLite, the Swift runtime, jemalloc, the C library… COMMAND's own output goes to standard error; the counts,
largest first, to standard output and to FILE when given; the exit status is COMMAND's. Counts are exact for one
run; two runs of the same build differ by about 0.1 % (thread scheduling in libdispatch and jemalloc), against
several per cent for CPU time on a shared machine, so a change of a few thousand instructions a notification
shows. They are not time: cache misses and the kernel's work do not count.

--compare prints, for each module, FILE_B's count minus FILE_A's (divided by N with --per, e.g. the run's
notifications).

Example, two builds of the engine benchmark (about a minute each at this size):
  Scripts/insncount.sh --out a.txt BUILD_A engine --subscribers 1000 --months 2 --scenario-runs 1 --lanes 1
  Scripts/insncount.sh --out b.txt BUILD_B engine --subscribers 1000 --months 2 --scenario-runs 1 --lanes 1
  Scripts/insncount.sh --compare a.txt b.txt --per 3274

Needs qemu-user and gcc (apt-get install qemu-user gcc). The plugin declares QEMU's plugin API version 1 (QEMU
7.2, Debian 12).
USAGE
}

die() { echo "insncount.sh: $*" >&2; exit 64; }

compare() {
    local a=$1 b=$2 per=$3
    [ -r "$a" ] || die "cannot read $a"
    [ -r "$b" ] || die "cannot read $b"
    awk -v per="$per" '
        FNR == NR && /^insns / { sub(/:$/, "", $2); a[$2] = $3; names[$2] = 1; next }
        /^insns / { sub(/:$/, "", $2); b[$2] = $3; names[$2] = 1 }
        END {
            for (name in names) {
                share = (b[name] - a[name]) / per
                if (share >= 0.05 || share <= -0.05) printf "%-40s %16.1f\n", name, share
            }
        }' "$a" "$b" | sort -k2 -g
}

case "${1:-}" in
    ""|-h|--help) usage; exit 0 ;;
    --compare)
        if ! { [ $# -eq 3 ] || { [ $# -eq 5 ] && [ "$4" = "--per" ]; }; }; then
            die "usage: --compare FILE_A FILE_B [--per N] (see --help)"
        fi
        per=${5:-1}
        [[ "$per" =~ ^[0-9]+$ ]] && [ "$per" -gt 0 ] || die "--per needs a positive whole number, not '$per'"
        compare "$2" "$3" "$per"
        exit 0 ;;
esac

out=""
if [ "$1" = "--out" ]; then
    [ $# -ge 3 ] || die "--out needs a file and a command (see --help)"
    out=$2
    shift 2
fi
command -v qemu-x86_64 >/dev/null || die "qemu-x86_64 not found: apt-get install qemu-user"
command -v gcc >/dev/null || die "gcc not found: apt-get install gcc"
[ "$(uname -m)" = x86_64 ] || die "this runs x86-64 programs under qemu-x86_64; the machine is $(uname -m)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -Wall -Wextra -shared -fPIC -o "$work/module_counter.so" "$(dirname "$0")/insncount/module_counter.c" -lpthread
# The command's exit status is passed on after the counts, which are reported whatever it was.
status=0
qemu-x86_64 -d plugin -D "$work/counts" -plugin "$work/module_counter.so" "$@" 1>&2 || status=$?
# The executable's line is named "(executable)", so that two builds' counts compare module by module.
executable=$(basename "$1")
awk -v executable="$executable" '$1 == "insns" && $2 == executable ":" { $2 = "(executable):" } { print }' \
    "$work/counts" | sort -t: -k2 -g -r > "$work/sorted"
[ -s "$work/sorted" ] || die "the plugin reported nothing (did qemu load it?)"
if [ -n "$out" ]; then cp "$work/sorted" "$out"; fi
cat "$work/sorted"
exit "$status"
