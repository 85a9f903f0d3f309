#!/usr/bin/env bash
# Load test of the emulator server against nginx, same machine, same run (docs/BENCHMARKS.md, "Emulator server").
set -euo pipefail

usage() {
    cat <<'EOF'
USAGE: Scripts/load.sh [--rounds N] [--seconds S] [--connections N] [--threads N] [--skip-build]

Starts a release-built `tienda serve` on the bundled example catalog (throwaway state), buys one product through
the control API, mints a Server API bearer token, and starts nginx serving a static file with the same bytes as the
emulator's Get Transaction Info answer. Then runs wrk against both, interleaved (emulator, nginx, emulator, ...),
each round with the same connections, threads and headers (the bearer token goes to nginx too), and prints each
round, the medians and the ratio emulator/nginx against the goal (>= 0.5).

OPTIONS:
  --rounds N        rounds per server (default 3)
  --seconds S       seconds per round (default 10)
  --connections N   wrk connections (default 32)
  --threads N       wrk threads (default 2)
  --skip-build      use the existing .build/release/tienda
  -h, --help        show this help

ENVIRONMENT:
  TIENDA_PYTHON     the Python with PyJWT used to mint the token (default .venv/bin/python; `make venv`)

EXIT STATUS: 0 when the ratio meets the goal and no request failed, 1 when not, 2 when the run cannot be made.
EOF
}

ROUNDS=3 SECONDS_PER_ROUND=10 CONNECTIONS=32 THREADS=2 BUILD=1
while (($#)); do
    case $1 in
        --rounds) ROUNDS=$2; shift ;;
        --seconds) SECONDS_PER_ROUND=$2; shift ;;
        --connections) CONNECTIONS=$2; shift ;;
        --threads) THREADS=$2; shift ;;
        --skip-build) BUILD=0 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

source "$(dirname "$0")/lib/emulator.sh"
command -v wrk >/dev/null || fail "wrk is not installed (apt-get install wrk)"
command -v nginx >/dev/null || fail "nginx is not installed (apt-get install nginx-light)"

((BUILD)) && build_release
start_emulator
seed_transaction
mint_token 3600

# The static twin: the same answer's bytes, served by nginx with its usual production settings.
mkdir -p "$WORK/www" "$WORK/nginx"
status=$(curl -s -o "$WORK/www/transaction.json" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$EMULATOR_URL$READ_PATH")
[[ $status == 200 ]] || fail "GET $READ_PATH answered $status: $(cat "$WORK/www/transaction.json")"
BODY_BYTES=$(stat -c %s "$WORK/www/transaction.json")
NGINX_PORT=$(free_port)
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    keepalive_requests 1000000;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        location / { root $WORK/www; default_type application/json; }
    }
}
EOF
# nginx's workers run as an unprivileged user when started as root: let them read the file.
chmod a+rx "$WORK" "$WORK/www" && chmod a+r "$WORK/www/transaction.json"
nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" 2>>"$WORK/nginx/stderr.log" &
STARTED_PIDS+=($!)
deadline=$((SECONDS + 30))
until curl -sf -o /dev/null "http://127.0.0.1:$NGINX_PORT/transaction.json"; do
    ((SECONDS < deadline)) || fail "nginx did not start: $(cat "$WORK/nginx/error.log" 2>/dev/null)"
    sleep 0.2
done

run_wrk() { # name url
    wrk -t "$THREADS" -c "$CONNECTIONS" -d "${SECONDS_PER_ROUND}s" -H "Authorization: Bearer $TOKEN" "$2" \
        >"$WORK/wrk-$1.txt" 2>&1 || fail "wrk failed: $(cat "$WORK/wrk-$1.txt")"
}

echo "Emulator server vs nginx: GET $READ_PATH ($BODY_BYTES bytes) vs the same bytes as a static file"
echo "$(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at start; wrk -t$THREADS -c$CONNECTIONS, $ROUNDS rounds × ${SECONDS_PER_ROUND}s each"
printf '%-6s %-9s %12s %8s %7s\n' round server requests/s non-2xx errors
emulator_rates=() nginx_rates=() failures=0
for ((round = 1; round <= ROUNDS; round++)); do
    for server in emulator nginx; do
        if [[ $server == emulator ]]; then url=$EMULATOR_URL$READ_PATH; else url=http://127.0.0.1:$NGINX_PORT/transaction.json; fi
        run_wrk "$server" "$url"
        read -r rate non2xx errors < <(wrk_figures "$WORK/wrk-$server.txt")
        printf '%-6s %-9s %12s %8d %7d\n' "$round" "$server" "$rate" "$non2xx" "$errors"
        failures=$((failures + non2xx + errors))
        if [[ $server == emulator ]]; then emulator_rates+=("$rate"); else nginx_rates+=("$rate"); fi
    done
done

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
emulator_median=$(median "${emulator_rates[@]}")
nginx_median=$(median "${nginx_rates[@]}")
ratio=$(awk -v a="$emulator_median" -v b="$nginx_median" 'BEGIN { printf "%.2f", a / b }')
echo "load average $(cut -d' ' -f1 /proc/loadavg) at end"
echo "median requests/s: emulator $emulator_median, nginx $nginx_median"
verdict=PASS
awk -v r="$ratio" 'BEGIN { exit !(r >= 0.5) }' || verdict=FAIL
((failures == 0)) || verdict=FAIL
echo "ratio emulator/nginx: ${ratio}×  goal ≥ 0.50×  failed requests: $failures  $verdict"
[[ $verdict == PASS ]]
