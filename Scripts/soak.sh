#!/usr/bin/env bash
# Soak of the emulator server: steady load for a while, resident memory sampled from /proc (docs/BENCHMARKS.md).
set -euo pipefail

usage() {
    cat <<'EOF'
USAGE: Scripts/soak.sh [--duration S] [--interval S] [--warm-up S] [--connections N] [--threads N] [--skip-build]

Starts a release-built `tienda serve` on the bundled example catalog (throwaway state), buys one product, and runs
wrk against Get Transaction Info with a valid bearer token for the whole duration. Every interval it reads the
server's resident memory (VmRSS in /proc/PID/status) and prints it. After the warm-up (allocator pools, SQLite's
page cache and the certificate caches fill), memory must stay flat: every later sample within 10 % of the first
sample after the warm-up. No request may fail (non-2xx answers or socket errors).

OPTIONS:
  --duration S      seconds of load (default 600; at most 3300, the bearer token's hour less the set-up)
  --interval S      seconds between memory samples (default 10)
  --warm-up S       seconds before the baseline sample (default: a tenth of the duration, at least the interval)
  --connections N   wrk connections (default 16)
  --threads N       wrk threads (default 2)
  --skip-build      use the existing .build/release/tienda
  -h, --help        show this help

ENVIRONMENT:
  TIENDA_PYTHON     the Python with PyJWT used to mint the token (default .venv/bin/python; `make venv`)

EXIT STATUS: 0 when memory stayed flat and no request failed, 1 when not, 2 when the run cannot be made.
EOF
}

DURATION=600 INTERVAL=10 WARM_UP= CONNECTIONS=16 THREADS=2 BUILD=1
while (($#)); do
    case $1 in
        --duration) DURATION=$2; shift ;;
        --interval) INTERVAL=$2; shift ;;
        --warm-up) WARM_UP=$2; shift ;;
        --connections) CONNECTIONS=$2; shift ;;
        --threads) THREADS=$2; shift ;;
        --skip-build) BUILD=0 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
((DURATION > 0 && DURATION <= 3300)) || { echo "--duration must be 1…3300 seconds" >&2; exit 2; }
((INTERVAL > 0)) || { echo "--interval must be positive" >&2; exit 2; }
[[ -n $WARM_UP ]] || WARM_UP=$((DURATION / 10 > INTERVAL ? DURATION / 10 : INTERVAL))

source "$(dirname "$0")/lib/emulator.sh"
command -v wrk >/dev/null || fail "wrk is not installed (apt-get install wrk)"

((BUILD)) && build_release
start_emulator
seed_transaction
mint_token 3600
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$EMULATOR_URL$READ_PATH")
[[ $status == 200 ]] || fail "GET $READ_PATH answered $status"

echo "Emulator soak: GET $READ_PATH for ${DURATION}s, wrk -t$THREADS -c$CONNECTIONS, VmRSS every ${INTERVAL}s, baseline after ${WARM_UP}s"
echo "$(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at start; before load: $(resident_kib "$EMULATOR_PID") KiB"
wrk -t "$THREADS" -c "$CONNECTIONS" -d "${DURATION}s" --timeout 10s -H "Authorization: Bearer $TOKEN" \
    "$EMULATOR_URL$READ_PATH" >"$WORK/wrk-soak.txt" 2>&1 &
WRK_PID=$!
STARTED_PIDS+=("$WRK_PID")

baseline= peak=0 low= last= elapsed=0
printf '%8s %10s\n' seconds VmRSS/KiB
while kill -0 "$WRK_PID" 2>/dev/null; do
    sleep "$INTERVAL"
    elapsed=$((elapsed + INTERVAL))
    kill -0 "$EMULATOR_PID" 2>/dev/null || fail "tienda serve died: $(tail -n 20 "$WORK/serve.log")"
    kill -0 "$WRK_PID" 2>/dev/null || break
    last=$(resident_kib "$EMULATOR_PID")
    printf '%8d %10d\n' "$elapsed" "$last"
    ((elapsed < WARM_UP)) && continue
    [[ -n $baseline ]] || baseline=$last
    ((last > peak)) && peak=$last
    [[ -z $low ]] || ((last < low)) || continue
    low=$last
done
wait "$WRK_PID" || fail "wrk failed: $(cat "$WORK/wrk-soak.txt")"
[[ -n $baseline ]] || fail "the run ended before the warm-up: lengthen --duration or shorten --warm-up"

read -r rate non2xx errors < <(wrk_figures "$WORK/wrk-soak.txt")
requests=$(awk '/requests in/ { print $1 }' "$WORK/wrk-soak.txt")
verdict=PASS
high_ok=$(awk -v p="$peak" -v b="$baseline" 'BEGIN { print (p <= 1.10 * b) }')
low_ok=$(awk -v l="$low" -v b="$baseline" 'BEGIN { print (l >= 0.90 * b) }')
((high_ok && low_ok)) || verdict=FAIL
((non2xx == 0 && errors == 0)) || verdict=FAIL
echo "load average $(cut -d' ' -f1 /proc/loadavg) at end"
echo "requests: $requests ($rate/s), non-2xx: $non2xx, socket errors: $errors"
echo "VmRSS KiB: baseline $baseline (at ${WARM_UP}s), min $low, max $peak, end $last;" \
    "max/baseline $(awk -v p="$peak" -v b="$baseline" 'BEGIN { printf "%.3f", p / b }')  goal within 10 %  $verdict"
[[ $verdict == PASS ]]
