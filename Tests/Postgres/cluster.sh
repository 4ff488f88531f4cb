#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the PostgreSQL cache's tests (ImageColorsPostgresTests and
# the fleet suite of ImageColorsServerTests): Debian's `postgresql` package (15), trust
# authentication, listening on 127.0.0.1 on a free port and on a Unix socket in its own
# temporary folder, with nothing written outside that folder.
#
# Usage: eval "$(Tests/Postgres/cluster.sh start)"   creates and starts one; prints the exports
#                                                    IMAGECOLORS_TEST_POSTGRES_URL (TCP) and
#                                                    IMAGECOLORS_TEST_POSTGRES_DIR (its folder)
#        Tests/Postgres/cluster.sh pause DIR         stops the server, keeping the cluster
#        Tests/Postgres/cluster.sh resume DIR        starts it again on the same port
#        Tests/Postgres/cluster.sh stop DIR          stops it and removes the folder
#
# PostgreSQL refuses to run as root: as root (CI's container), the server runs as the `postgres`
# user the Debian package creates (through runuser), and the folder is given to it.
# PG_BIN overrides where initdb and pg_ctl are (default /usr/lib/postgresql/15/bin).
set -euo pipefail

bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

start_server() {
    local dir="$1"
    # In a subshell that first closes every descriptor past stderr: the server would inherit
    # them, and a caller reading this script's output to its end (a test's process runner,
    # whose pipes a spawned child may hold at other numbers) would wait for as long as it runs.
    # -w: returns once the server accepts connections. fsync off: a test cluster needs no
    # durability, and on a loaded machine it saves seconds.
    (
        for fd in /proc/self/fd/*; do
            fd=${fd##*/}
            if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
        done 2>/dev/null
        as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $(cat "$dir/port") -k $dir -c fsync=off -c max_connections=200" \
            start </dev/null >/dev/null 2>&1
    )
}

case "${1:-}" in
start)
    if [ ! -x "$bin/initdb" ]; then
        echo "cluster.sh: no $bin/initdb; install Debian's postgresql package" >&2
        exit 1
    fi
    dir=$(mktemp -d /tmp/imagecolors-pg.XXXXXX)
    chmod 700 "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner sh -c "echo $port > '$dir/port'"
    as_owner "$bin/initdb" -D "$dir/data" -U imagecolors -A trust --no-sync -E UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    start_server "$dir"
    echo "export IMAGECOLORS_TEST_POSTGRES_URL='postgres://imagecolors@127.0.0.1:$port/postgres?sslmode=disable'"
    echo "export IMAGECOLORS_TEST_POSTGRES_DIR='$dir'"
    ;;
pause)
    as_owner "$bin/pg_ctl" -D "${2:?folder}/data" -m fast -w stop >/dev/null
    ;;
resume)
    start_server "${2:?folder}"
    ;;
stop)
    dir="${2:?folder}"
    case "$dir" in /tmp/imagecolors-pg.*) ;; *)
        echo "cluster.sh: $dir is not a folder cluster.sh made" >&2
        exit 1
        ;;
    esac
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
