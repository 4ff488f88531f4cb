# Helpers shared by the scripts that drive a live `imagecolors serve` (Scripts/check-playground.sh,
# Tests/Oracles/schemathesis.sh, Benchmarks/serve-load.sh). Source it from bash with `set -euo
# pipefail`; everything listens on 127.0.0.1 only and is stopped by `serve_stop_all` (which the
# scripts run from an EXIT trap), by process id.

serve_pids=()
serve_scratch=$(mktemp -d "${TMPDIR:-/tmp}/imagecolors-serve.XXXXXX")

# need SCRIPT "DEBIAN PACKAGES" TOOL…, which exits 2 naming the packages when a tool is missing,
# is the benchmarks' own.
source Benchmarks/lib.sh

# serve_wait_for_line FILE PATTERN SECONDS: prints the first line of FILE matching the extended
# regular expression PATTERN, waiting up to SECONDS for it; returns 1 when it never comes.
serve_wait_for_line() {
    local file=$1 pattern=$2 deadline=$((SECONDS + $3)) line
    while [ "$SECONDS" -le "$deadline" ]; do
        line=$(grep -m1 -E "$pattern" "$file" 2>/dev/null || true)
        if [ -n "$line" ]; then
            echo "$line"
            return 0
        fi
        sleep 0.05
    done
    return 1
}

# serve_origin DIRECTORY [MAX_AGE]: serves DIRECTORY's files over plain HTTP on a free loopback
# port (Python's http.server, threaded, quiet; a query string is ignored, so `?n=1` makes another
# URL for the same file) and sets `origin_url` (http://127.0.0.1:PORT, no trailing slash). With
# MAX_AGE, answers say `Cache-Control: public, max-age=MAX_AGE` (http.server sends Last-Modified).
serve_origin() {
    local log="$serve_scratch/origin.log" line
    python3 -u - "$1" "${2:-}" >"$log" 2>&1 <<'PY' &
import functools, http.server, sys
directory, max_age = sys.argv[1], sys.argv[2]
class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def end_headers(self):
        if max_age:
            self.send_header("Cache-Control", f"public, max-age={max_age}")
        super().end_headers()
    def log_message(self, *arguments):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=directory))
server.daemon_threads = True
print(f"Serving HTTP on 127.0.0.1 port {server.server_address[1]}", flush=True)
server.serve_forever()
PY
    serve_pids+=($!)
    line=$(serve_wait_for_line "$log" 'Serving HTTP on .* port [0-9]+' 10) || {
        cat "$log" >&2
        echo "the static origin did not start" >&2
        return 1
    }
    origin_url="http://127.0.0.1:$(sed -E 's/.* port ([0-9]+).*/\1/' <<<"$line")"
}

# serve_start BINARY ARGUMENT…: starts `BINARY serve --host 127.0.0.1 --port 0 ARGUMENT…`, waits for
# the one line it prints ("imagecolors: listening on http://127.0.0.1:PORT") and sets `server_url`
# and `server_pid`; its stdout and stderr go to `server_log`.
serve_start() {
    local binary=$1 line
    shift
    server_log="$serve_scratch/server-${#serve_pids[@]}.log"
    "$binary" serve --host 127.0.0.1 --port 0 "$@" >"$server_log" 2>&1 &
    server_pid=$!
    serve_pids+=("$server_pid")
    line=$(serve_wait_for_line "$server_log" 'listening on http://127\.0\.0\.1:[0-9]+' 30) || {
        tail -20 "$server_log" >&2
        echo "imagecolors serve did not print its address within 30 s" >&2
        return 1
    }
    server_url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' <<<"$line")
}

# serve_stop PID: SIGTERM, then SIGKILL after 10 s; waits for the process.
serve_stop() {
    local pid=$1 waited=0
    kill -TERM "$pid" 2>/dev/null || return 0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 100 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

# serve_stop_all: stops every process started here, newest first, and removes the scratch folder.
serve_stop_all() {
    local index
    for ((index = ${#serve_pids[@]} - 1; index >= 0; index--)); do
        serve_stop "${serve_pids[$index]}"
    done
    rm -rf "$serve_scratch"
}

# serve_binary: the CLI to run: IMAGECOLORS_BIN, else the debug build's (after `swift build`).
serve_binary() {
    local binary=${IMAGECOLORS_BIN:-.build/debug/imagecolors}
    [ -x "$binary" ] || {
        echo "no CLI at $binary: run swift build first, or set IMAGECOLORS_BIN" >&2
        return 2
    }
    echo "$binary"
}
