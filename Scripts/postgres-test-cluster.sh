#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: trust authentication, 127.0.0.1 only, a free port, fsync off, and a
# `tienda_test` database. Its connection string goes to stdout; everything else goes to stderr.
#
#   Scripts/postgres-test-cluster.sh start DIR    create the cluster in DIR if needed, start it, print the connection string
#   Scripts/postgres-test-cluster.sh status DIR   print the connection string if it is running (exit 0), else exit 3
#   Scripts/postgres-test-cluster.sh stop DIR     stop it; DIR stays, with postgres.log, until you remove it
#
#   export TIENDA_PG_CONNINFO="$(Scripts/postgres-test-cluster.sh start .build/postgres-test)"
#
# PostgreSQL refuses to run as root, so under root the cluster is owned and run by the `postgres` user. The
# server binaries come from $PG_BIN, else from PATH, else from the newest /usr/lib/postgresql/*/bin.
set -euo pipefail

die() { echo "postgres-test-cluster: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "usage: $0 start|status|stop DIR" >&2; exit 64; }
command=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
data="$dir/data"
database=tienda_test

find_bin() {
    if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
    if command -v pg_ctl >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v pg_ctl)")"; return; fi
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$newest" ] || die "no PostgreSQL server binaries found; install them (Debian: apt-get install postgresql) or set PG_BIN"
    echo "$newest"
}
bin=$(find_bin)

# Runs a command as the cluster's owner: the postgres user under root, else the current user.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        (cd / && runuser -u postgres -- "$@")
    else
        "$@"
    fi
}

connection_string() { echo "postgresql://postgres@127.0.0.1:$(cat "$dir/port")/$database"; }

is_running() { [ -f "$dir/port" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Under root, lets the postgres user reach DIR: each directory above it that the user cannot search gets search
# permission for others (x only: its listing stays private). SwiftPM may create `.build` without it.
allow_search_above() {
    local path=$1
    while [ "$path" != "/" ]; do
        path=$(dirname "$path")
        if ! as_owner test -x "$path"; then
            chmod o+x "$path"
            echo "postgres-test-cluster: gave others search permission on $path so the postgres user can reach the cluster" >&2
        fi
    done
}

initialize() {
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 || die "running as root needs a 'postgres' user to own the cluster; create one or run as another user"
        chown -R postgres "$dir"
        allow_search_above "$dir"
        as_owner test -w "$dir" || die "the postgres user cannot write $dir; choose a directory it can reach, such as one under /tmp"
    fi
    as_owner "$bin/initdb" -D "$data" -A trust -U postgres -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; die "initdb failed"; }
    as_owner mkdir -p "$dir/socket"
    as_owner tee -a "$data/postgresql.conf" >/dev/null <<CONF
# Test cluster settings (Scripts/postgres-test-cluster.sh)
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir/socket'
max_connections = 300
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
}

start() {
    if is_running; then connection_string; return; fi
    [ -f "$data/PG_VERSION" ] || initialize
    local attempt port
    for attempt in 1 2 3 4 5 6 7 8; do
        port=$((20000 + RANDOM % 40000))
        port_in_use "$port" && continue
        if as_owner "$bin/pg_ctl" -D "$data" -l "$dir/postgres.log" -o "-p $port" -w -t 60 start >/dev/null; then
            echo "$port" >"$dir/port"
            "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qtAc \
                "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1 ||
                "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"
            echo "postgres-test-cluster: running on 127.0.0.1:$port, data in $data" >&2
            connection_string
            return
        fi
    done
    tail -n 20 "$dir/postgres.log" >&2 || true
    die "the server did not start; see $dir/postgres.log"
}

case "$command" in
    start) start ;;
    status)
        if is_running; then connection_string; else echo "postgres-test-cluster: not running in $dir" >&2; exit 3; fi ;;
    stop)
        if is_running; then as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null; fi
        rm -f "$dir/port"
        echo "postgres-test-cluster: stopped ($dir)" >&2 ;;
    *) echo "usage: $0 start|status|stop DIR" >&2; exit 64 ;;
esac
