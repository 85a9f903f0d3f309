# Shared by Scripts/load.sh and Scripts/soak.sh (sourced, not run): start a release-built `tienda serve` on a
# throwaway state directory, buy one product through the control API, mint an App Store Server API bearer token
# with the API key the emulator printed, and stop everything on exit.
#
# Needs: python3 (free ports, JSON), the Python that `make venv` creates (PyJWT, for the ES256 bearer token),
# curl. Sets EMULATOR_PID, EMULATOR_URL, TRANSACTION_ID, TOKEN, READ_PATH and WORK (a temporary directory).

PACKAGE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PYTHON=${TIENDA_PYTHON:-$PACKAGE_ROOT/.venv/bin/python}
TIENDA=$PACKAGE_ROOT/.build/release/tienda
CATALOG=$PACKAGE_ROOT/Examples/Tienda.storekit
PRODUCT_ID=com.tienda.example.coins.100

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tienda-bench.XXXXXX")
STARTED_PIDS=()

cleanup() {
    local pid
    for pid in "${STARTED_PIDS[@]}"; do
        kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
    echo "error: $*" >&2
    exit 2
}

# A free TCP port on 127.0.0.1.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

build_release() {
    [[ -x $PYTHON ]] || fail "no Python with PyJWT at $PYTHON: run 'make venv' or set TIENDA_PYTHON"
    (cd "$PACKAGE_ROOT" && swift build -c release --product tienda) >&2 || fail "release build failed"
}

# Polls (external process, so with a deadline) until the emulator answers its status route.
wait_for_emulator() {
    local deadline=$((SECONDS + 60))
    until curl -sf -o /dev/null "$EMULATOR_URL/control/v1/status"; do
        kill -0 "$EMULATOR_PID" 2>/dev/null || fail "tienda serve exited: $(cat "$WORK/serve.log")"
        ((SECONDS < deadline)) || fail "tienda serve did not answer within 60 s"
        sleep 0.2
    done
}

# A line "  <label>   value" of the banner `tienda serve` prints.
banner_value() {
    sed -n "s/^  $1 *//p" "$WORK/serve.log" | head -n 1
}

start_emulator() {
    local port
    port=$(free_port)
    "$TIENDA" serve "$CATALOG" --state "$WORK/state" --port "$port" >"$WORK/serve.log" 2>&1 &
    EMULATOR_PID=$!
    STARTED_PIDS+=("$EMULATOR_PID")
    EMULATOR_URL=http://127.0.0.1:$port
    wait_for_emulator
}

# Buys one consumable through the control API and remembers its transaction ID.
seed_transaction() {
    local answer
    answer=$(curl -sf -X POST -H 'Content-Type: application/json' \
        -d "{\"productId\": \"$PRODUCT_ID\"}" "$EMULATOR_URL/control/v1/purchases") || fail "the purchase failed"
    TRANSACTION_ID=$(python3 -c 'import json, sys
print(json.load(sys.stdin)["transaction"]["transaction"]["transactionId"])' <<<"$answer") || fail "no transactionId in $answer"
    READ_PATH=/inApps/v1/transactions/$TRANSACTION_ID
}

# An ES256 bearer token for the Server API, valid for `$1` seconds (Apple allows at most an hour).
mint_token() {
    local lifetime=${1:-3600}
    TOKEN=$("$PYTHON" - "$(banner_value 'API key ID')" "$(banner_value 'issuer ID')" \
        "$(banner_value 'private key')" "$(banner_value 'bundle ID' | cut -d' ' -f1)" "$lifetime" <<'EOF'
import sys, time, jwt
key_id, issuer, key_file, bundle_id, lifetime = sys.argv[1:]
now = int(time.time())
claims = {"iss": issuer, "iat": now, "exp": now + int(lifetime), "aud": "appstoreconnect-v1", "bid": bundle_id}
print(jwt.encode(claims, open(key_file).read(), algorithm="ES256", headers={"kid": key_id, "typ": "JWT"}))
EOF
    ) || fail "could not mint a bearer token from the banner: $(cat "$WORK/serve.log")"
}

# Resident memory of a process in KiB, from /proc.
resident_kib() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
}

# Requests/s, non-2xx count and socket errors of a wrk run's output, as "rate non2xx errors".
wrk_figures() {
    awk '
        /^Requests\/sec:/ { rate = $2 }
        /Non-2xx or 3xx responses:/ { non2xx = $NF }
        /Socket errors:/ { gsub(",", ""); errors = $4 + $6 + $8 + $10 }
        END { printf "%s %d %d\n", rate, non2xx, errors }
    ' "$1"
}
