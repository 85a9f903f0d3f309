#!/usr/bin/env bash
# Exact instruction counts per loaded module, under qemu-user, to compare two builds (docs/BENCHMARKS.md, App Store
# engine, thirty-seventh round).
set -euo pipefail

usage() {
    cat <<'USAGE'
USAGE: Scripts/insncount.sh [--symbols [--mangled]] [--out FILE] COMMAND [ARGS...]
       Scripts/insncount.sh --compare FILE_A FILE_B [--less FILE_C FILE_D] [--per N] [--top K]

Runs COMMAND under qemu-user (qemu-x86_64) with a small TCG plugin (Scripts/insncount/module_counter.c, built into
a temporary directory) that counts the instructions executed in each loaded module: the executable, libcrypto,
SQLite, the Swift runtime, jemalloc, the C library… COMMAND's own output goes to standard error; the counts,
largest first, to standard output and to FILE when given; the exit status is COMMAND's. Counts are exact for one
run; two runs of the same build differ by about 0.1 % (thread scheduling in libdispatch and jemalloc), against
several per cent for CPU time on a shared machine, so a change of a few thousand instructions a notification
shows. They are not time: cache misses and the kernel's work do not count.

--symbols counts each function too: the plugin records every translated block and Scripts/insncount/symbolize.py
charges it to the symbol `nm` finds at its first instruction (a stripped library's static functions go to
"(MODULE internal)"), adding `symbol MODULE: COUNT NAME` lines after the modules', largest first, with Swift names
demangled. The run takes about twice as long. With --mangled the names stay as the binary spells them: the
specializations of one generic function (`Array.append(contentsOf:)` for bytes, for rows…) demangle to the same
simplified name and are summed under it, which hides which one grew.

--compare prints, for each module, FILE_B's count minus FILE_A's (divided by N with --per, e.g. the run's
notifications); when every file has counts per function, then the K functions (default 30) that changed most.
With --less FILE_C FILE_D it prints (FILE_B - FILE_A) - (FILE_D - FILE_C): what one kind of call adds to a month,
from months 2 and 3 counted with that call (A, B) and without it (C, D); --per is then the number of such calls.
Four runs' noise falls on those few calls: two runs of the same month can differ by 1.8 million instructions in
one module, so a hundred calls leave a module's or a busy function's figure good to about 20,000 instructions a
call; make the calls many (--failures 50) for finer shares.

Example, two builds of the engine benchmark (about a minute each at this size):
  Scripts/insncount.sh --out a.txt BUILD_A engine --subscribers 1000 --months 2 --scenario-runs 1 --lanes 1
  Scripts/insncount.sh --out b.txt BUILD_B engine --subscribers 1000 --months 2 --scenario-runs 1 --lanes 1
  Scripts/insncount.sh --compare a.txt b.txt --per 3274
What 100 billing failures and their recoveries add to month 3 of 2,000 subscribers, by function:
  B=.build/release/tienda-bench; E="engine --engine-only --subscribers 2000 --lanes 1 --refunds 0"
  for m in 2 3; do Scripts/insncount.sh --symbols --out f$m.txt $B $E --months $m --failures 5
                   Scripts/insncount.sh --symbols --out n$m.txt $B $E --months $m --failures 0; done
  Scripts/insncount.sh --compare f2.txt f3.txt --less n2.txt n3.txt --per 100

Needs qemu-user and gcc (apt-get install qemu-user gcc), and python3 and binutils for --symbols. The plugin
declares QEMU's plugin API version 1 (QEMU 7.2, Debian 12).
USAGE
}

die() { echo "insncount.sh: $*" >&2; exit 64; }

# Prints the weighted sum of count files, module by module and then function by function: each argument is a
# weight (1 or -1) followed by its file. `--compare A B` is `-1 A 1 B`; with `--less C D`, `1 C -1 D` are added.
compare() {
    local per=$1 top=$2
    shift 2
    local files=() weights=() symbolFiles=0
    while [ $# -gt 0 ]; do
        [ -r "$2" ] || die "cannot read $2"
        weights+=("$1")
        files+=("$2")
        grep -q '^symbol ' "$2" && symbolFiles=$((symbolFiles + 1))
        shift 2
    done
    local weightList
    weightList=$(IFS=,; echo "${weights[*]}")
    awk -v per="$per" -v weightList="$weightList" '
        BEGIN { split(weightList, weight, ",") }
        FNR == 1 { file++ }
        /^insns / { sub(/:$/, "", $2); sum[$2] += weight[file] * $3 }
        END {
            for (name in sum) {
                share = sum[name] / per
                if (share >= 0.05 || share <= -0.05) printf "%-40s %16.1f\n", name, share
            }
        }' "${files[@]}" | sort -k2 -g
    [ "$symbolFiles" -eq "${#files[@]}" ] || return 0
    echo
    # Functions: `symbol MODULE: COUNT NAME`, the name being the rest of the line.
    awk -v per="$per" -v weightList="$weightList" '
        BEGIN { split(weightList, weight, ",") }
        FNR == 1 { file++ }
        /^symbol / {
            key = $2; for (i = 4; i <= NF; i++) key = key " " $i
            sum[key] += weight[file] * $3
        }
        END {
            for (key in sum) {
                share = sum[key] / per
                magnitude = share < 0 ? -share : share
                if (magnitude >= 0.05) printf "%.1f\t%16.1f  %s\n", magnitude, share, key
            }
        }' "${files[@]}" | sort -t$'\t' -k1 -g -r | head -n "$top" | cut -f2-
}

case "${1:-}" in
    ""|-h|--help) usage; exit 0 ;;
    --compare)
        [ $# -ge 3 ] || die "usage: --compare FILE_A FILE_B [--less FILE_C FILE_D] [--per N] [--top K] (see --help)"
        weighted=(-1 "$2" 1 "$3")
        per=1 top=30
        shift 3
        while [ $# -gt 0 ]; do
            case "$1" in
                --less) [ $# -ge 3 ] || die "--less needs two files"; weighted+=(1 "$2" -1 "$3"); shift 3 ;;
                --per) [ $# -ge 2 ] || die "--per needs a value"; per=$2; shift 2 ;;
                --top) [ $# -ge 2 ] || die "--top needs a value"; top=$2; shift 2 ;;
                *) die "--compare takes --less FILE_C FILE_D, --per N and --top K, not '$1' (see --help)" ;;
            esac
        done
        [[ "$per" =~ ^[0-9]+$ ]] && [ "$per" -gt 0 ] || die "--per needs a positive whole number, not '$per'"
        [[ "$top" =~ ^[0-9]+$ ]] && [ "$top" -gt 0 ] || die "--top needs a positive whole number, not '$top'"
        compare "$per" "$top" "${weighted[@]}"
        exit 0 ;;
esac

symbols=""
mangled=""
if [ "$1" = "--symbols" ]; then
    symbols=",blocks=on"
    shift
    if [ "${1:-}" = "--mangled" ]; then
        mangled="--mangled"
        shift
    fi
    [ $# -ge 1 ] || die "--symbols needs a command (see --help)"
fi
out=""
if [ "$1" = "--out" ]; then
    [ $# -ge 3 ] || die "--out needs a file and a command (see --help)"
    out=$2
    shift 2
fi
command -v qemu-x86_64 >/dev/null || die "qemu-x86_64 not found: apt-get install qemu-user"
command -v gcc >/dev/null || die "gcc not found: apt-get install gcc"
if [ -n "$symbols" ]; then
    command -v python3 >/dev/null || die "python3 not found (needed by --symbols): apt-get install python3"
    command -v nm >/dev/null && command -v readelf >/dev/null || die "nm and readelf not found: apt-get install binutils"
fi
[ "$(uname -m)" = x86_64 ] || die "this runs x86-64 programs under qemu-x86_64; the machine is $(uname -m)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -Wall -Wextra -shared -fPIC -o "$work/module_counter.so" "$(dirname "$0")/insncount/module_counter.c" -lpthread
# The command's exit status is passed on after the counts, which are reported whatever it was.
status=0
qemu-x86_64 -d plugin -D "$work/counts" -plugin "$work/module_counter.so$symbols" "$@" 1>&2 || status=$?
if [ -n "$symbols" ]; then
    python3 "$(dirname "$0")/insncount/symbolize.py" $mangled < "$work/counts" > "$work/functions"
    mv "$work/functions" "$work/counts"
fi
# The executable's lines are named "(executable)", so that two builds' counts compare module by module.
executable=$(basename "$1")
awk -v executable="$executable" '($1 == "insns" || $1 == "symbol") && $2 == executable ":" { $2 = "(executable):" }
    { print }' "$work/counts" > "$work/named"
grep '^insns ' "$work/named" | sort -t: -k2 -g -r > "$work/sorted" || true
grep '^symbol ' "$work/named" >> "$work/sorted" || true
[ -s "$work/sorted" ] || die "the plugin reported nothing (did qemu load it?)"
if [ -n "$out" ]; then cp "$work/sorted" "$out"; fi
cat "$work/sorted"
exit "$status"
