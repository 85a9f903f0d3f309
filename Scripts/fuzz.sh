#!/usr/bin/env bash
# Builds Tienda's libFuzzer targets and runs them on the checked-in seed corpora.
#
#   Scripts/fuzz.sh [jws|storekit|all] [--runs N] [--seconds S] [--release] [--no-asan]
#   Scripts/fuzz.sh seeds          regenerate the Tienda-signed seeds (Fuzz/Corpus/jws/tienda-*)
#
#   jws        JWSFuzzTarget.run(data:): base64, JWS parsing, DER signatures and certificates, two verifiers
#   storekit   StoreKitConfiguration(data:fileName:): .storekit parsing and validation
#
# Each target runs N executions (default 20000) or S seconds, whichever ends first (--seconds alone: no run
# limit). SwiftPM builds the libraries in debug (--release: optimised, about 10x more executions per second
# but a slower build; for long sessions) with `-sanitize=fuzzer,address` (AddressSanitizer unless --no-asan)
# under Fuzz/build/, leaving the normal build alone; swiftc then compiles each harness in
# Fuzz/Harnesses against those modules and object files. New corpus entries go to Fuzz/corpus-<target>/, crashing
# inputs to Fuzz/build/crashes/<target>/, full logs to Fuzz/build/logs/ (all ignored by git). Exits non-zero when
# a target crashes, leaks or hangs, after printing the input that did it and the command that replays it.
set -euo pipefail

die() { echo "fuzz.sh: $*" >&2; exit 64; }

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

target=all
runs=
seconds=
asan=1
configuration=debug
while [ $# -gt 0 ]; do
    case "$1" in
        jws | storekit | all | seeds) target=$1 ;;
        --runs) [ $# -ge 2 ] || die "--runs needs a number"; runs=$2; shift ;;
        --seconds) [ $# -ge 2 ] || die "--seconds needs a number"; seconds=$2; shift ;;
        --no-asan) asan=0 ;;
        --release) configuration=release ;;
        -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
    shift
done
[ -z "$runs" ] || [[ "$runs" =~ ^[0-9]+$ ]] || die "--runs needs a whole number"
[ -z "$seconds" ] || [[ "$seconds" =~ ^[0-9]+$ ]] || die "--seconds needs a whole number"
[ -n "$runs" ] || [ -n "$seconds" ] || runs=20000

if [ "$asan" -eq 1 ]; then
    sanitize=fuzzer,address tool_sanitize=address scratch=Fuzz/build/swiftpm-asan-$configuration
else
    sanitize=fuzzer tool_sanitize= scratch=Fuzz/build/swiftpm-$configuration
fi
# One combined -sanitize flag through -Xswiftc, not SwiftPM's --sanitize: SwiftPM passes each sanitizer as its own
# -sanitize= flag in no fixed order, and swiftc keeps only the last one, so coverage instrumentation (fuzzer) was
# silently dropped whenever address came last.
swiftpm=(swift build -c "$configuration" -Xswiftc -sanitize="$sanitize" --scratch-path "$scratch" --target StoreCrypto)

echo "fuzz.sh: building StoreModel and StoreCrypto ($configuration, -sanitize=$sanitize)" >&2
"${swiftpm[@]}" >&2
bin=$("${swiftpm[@]}" --show-bin-path)
# (grep -c reads all of nm's output: grep -q could stop early and fail the pipeline with SIGPIPE.)
nm "$bin"/StoreModel.build/*.o 2>/dev/null | grep -c __sancov_ >/dev/null ||
    die "the fuzz build of StoreModel has no coverage instrumentation; remove $scratch and retry"
mkdir -p Fuzz/build/logs

# The object files SwiftPM compiled for a Swift target's current sources (objects of deleted files are left out).
objects_of() {
    find "Sources/$1" -name '*.swift' | sort | while read -r source; do
        echo "$bin/$1.build/$(basename "$source").o"
    done
}

# Compiles `source` into `output` against the fuzz build's modules, objects of `modules` and OpenSSL:
#   compile OUTPUT SANITIZE SOURCE "MODULES..." [EXTRA LINKER INPUTS...]
compile() {
    local output=$1 sanitize=$2 source=$3 modules=$4 module
    shift 4
    local inputs=()
    for module in $modules; do
        if [ "$module" = CTiendaShims ]; then
            inputs+=("$bin/CTiendaShims.build/shims.c.o")
        else
            mapfile -t -O "${#inputs[@]}" inputs < <(objects_of "$module")
        fi
    done
    swiftc ${sanitize:+-sanitize="$sanitize"} -use-ld=lld -parse-as-library -swift-version 6 -g \
        -I "$bin/Modules" -I Sources/COpenSSL -Xcc -fmodule-map-file="$bin/CTiendaShims.build/module.modulemap" \
        "$source" "${inputs[@]}" "$@" -lcrypto -o "$output"
}

# LeakSanitizer cannot see Swift references stored in enum payloads (the case tag lives in the pointer's spare
# bits), so it reports lazily built Swift globals as leaked; Swift allocations are suppressed, OpenSSL's are not.
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# Swift's own crash backtracer runs inside the crashing process, where AddressSanitizer flags its memory reads;
# libFuzzer's handler prints the stack instead.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

if [ "$target" = seeds ]; then
    # A program with its own `main` takes libFuzzer's runtime without libFuzzer's `main`.
    runtime=$(ls -d "$(dirname "$(command -v swiftc)")"/../lib/clang/*/lib/linux | head -n 1)
    compile Fuzz/build/make-jws-seeds "$tool_sanitize" Fuzz/Tools/MakeJWSSeeds.swift \
        "StoreLocking StoreModel StoreCrypto CTiendaShims" "$runtime/libclang_rt.fuzzer_no_main-$(uname -m).a"
    Fuzz/build/make-jws-seeds Fuzz/Corpus/jws
    echo "fuzz.sh: wrote Fuzz/Corpus/jws/tienda-*" >&2
    exit 0
fi

# Runs one target; returns libFuzzer's exit status.
run_target() {
    local name=$1 harness=$2 modules=$3
    local binary=Fuzz/build/$name-fuzzer log=Fuzz/build/logs/$name.log crashes=Fuzz/build/crashes/$name
    echo "fuzz.sh: compiling $binary" >&2
    compile "$binary" "$sanitize" "Fuzz/Harnesses/$harness" "$modules"
    mkdir -p "Fuzz/corpus-$name" "$crashes"
    local options=(-print_final_stats=1 -timeout=30 -artifact_prefix="$crashes/" -dict="Fuzz/Dictionaries/$name.dict")
    options+=(-runs="${runs:--1}" -max_total_time="${seconds:-0}")
    echo "fuzz.sh: $binary ${options[*]} Fuzz/corpus-$name Fuzz/Corpus/$name" >&2
    local status=0
    "$binary" "${options[@]}" "Fuzz/corpus-$name" "Fuzz/Corpus/$name" >"$log" 2>&1 || status=$?
    grep -E '^#[0-9]+[[:space:]]+(INITED|DONE|pulse)|^stat::' "$log" >&2 || true
    if [ "$status" -ne 0 ]; then
        tail -n 80 "$log" >&2
        local input
        input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        echo "fuzz.sh: $name FAILED (libFuzzer exit status $status); full log: $log" >&2
        if [ -n "$input" ]; then
            echo "fuzz.sh: failing input: $input" >&2
            echo "fuzz.sh: replay with: $binary $input" >&2
        fi
    else
        local done_line
        done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1)
        echo "fuzz.sh: $name passed: ${done_line:-no summary}; new corpus entries in Fuzz/corpus-$name/" >&2
    fi
    return "$status"
}

failures=0
if [ "$target" = jws ] || [ "$target" = all ]; then
    run_target jws JWSFuzzer.swift "StoreLocking StoreModel StoreCrypto CTiendaShims" || failures=$((failures + 1))
fi
if [ "$target" = storekit ] || [ "$target" = all ]; then
    run_target storekit StoreKitFuzzer.swift "StoreModel" || failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || exit 1
