#!/usr/bin/env bash
# The service under load (issue 38), on 127.0.0.1 only: `imagecolors serve` against the CLI's own
# batch on the same images, in one run. A static origin (Python, loopback, `max-age=3600`) serves
# Samples/; then, alternating ROUNDS times:
#   - CLI:      `imagecolors analyze --input-list LIST --jobs JOBS --format json --allow-loopback`
#               over the samples' URLs, each REPEAT times with its own "?n=…" (so every line is a
#               download and an analysis, as for the server), timed from fork to exit;
#   - uncached: a server with no cache, wrk (2 threads, CONNECTIONS connections, DURATION) asking
#               GET /v1/colors for the samples with a "?n=…" of their own on every request: each is a
#               download and an analysis, none joins another's single flight;
# and once:
#   - cached:   a server with --cache, each sample asked once to warm it, then wrk on the same
#               six URLs for DURATION (fresh for an hour at the origin, so the cache answers);
#   - memory:   a fresh uncached server asked RSS_REQUESTS (10,000) requests as above, its RSS read
#               from /proc every 0.1 s: the idle baseline before the load, the peak (VmHWM), and
#               the highest RSS while the first and the last tenth of the requests ran (requests
#               come at a steady rate, so a tenth of the time is a tenth of the requests).
# Every server runs with --jobs JOBS, --max-queue 64 and --total-memory TOTAL_MEMORY. Prints two
# Markdown tables and the issue's targets: uncached throughput at least 90% of the CLI's, cached
# p99 under 5 ms, RSS under --total-memory plus the idle baseline and flat from the first tenth
# to the last, no errors but 429.
#
# Usage: Benchmarks/serve-load.sh     (UPDATE_DOCS=1 writes the tables into Benchmarks/README.md)
#   IMAGECOLORS_BIN=path  measure that binary (imagecolors-server beside it) instead of building the
#                         release CLI and server into SCRATCH
#   SCRATCH=path          the build folder for that (default .build-static)
#   ROUNDS (2), REPEAT (100: 600 URLs, several seconds), DURATION (15s), CONNECTIONS (8),
#   JOBS (nproc), RSS_REQUESTS (10000), TOTAL_MEMORY (256MB)
# Needs: wrk (Debian), curl, python3. Everything it starts is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/lib.sh
docs_tables "$@" -- "serve-load=| workload |" "serve-load-memory=| RSS |"
source Scripts/serve-lib.sh
trap serve_stop_all EXIT
need serve-load.sh "wrk curl python3" wrk curl python3

rounds=${ROUNDS:-2}
repeat=${REPEAT:-100}
duration=${DURATION:-15s}
connections=${CONNECTIONS:-8}
jobs=${JOBS:-$(nproc)}
rss_requests=${RSS_REQUESTS:-10000}
total_memory=${TOTAL_MEMORY:-256MB}
binary=$(release_cli "${SCRATCH:-.build-static}")
# `imagecolors serve` runs imagecolors-server from the CLI's folder: build it there too.
if [ -z "${IMAGECOLORS_BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --product imagecolors-server --scratch-path "${SCRATCH:-.build-static}" >&2
fi
server_flags=(--allow-loopback --jobs "$jobs" --max-queue 64 --total-memory "$total_memory")

serve_origin Samples 3600
mapfile -t samples < <(find Samples -maxdepth 1 -type f \( -name '*.png' -o -name '*.jpg' \) -printf '%f\n' | sort)
encode() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }
load_urls=""
for sample in "${samples[@]}"; do load_urls+="$(encode "$origin_url/$sample") "; done
export LOAD_URLS=$load_urls LOAD_QUERY=""
echo "serve-load: ${#samples[@]} samples at $origin_url, jobs $jobs, $connections connections, $(nproc) cores"

# wrk_run LIMIT UNIQUE: wrk against $server_url for DURATION, or with LIMIT > 0 until LIMIT answers
# (wrk has no request count: its threads stop themselves and this sends SIGINT, on which wrk
# prints its summary; an hour at most); prints its "load:" line.
wrk_run() {
    local threads=2 done_dir="$serve_scratch/wrk-done" output="$serve_scratch/wrk.out" pid
    rm -rf "$done_dir" && mkdir -p "$done_dir"
    LOAD_LIMIT=$(($1 / threads)) LOAD_UNIQUE=$2 LOAD_DONE_DIR=$done_dir wrk -t"$threads" -c"$connections" \
        -d"$([ "$1" -gt 0 ] && echo 3600s || echo "$duration")" --timeout 30s \
        -s Benchmarks/serve-load.lua "$server_url" >"$output" &
    pid=$!
    if [ "$1" -gt 0 ]; then
        while kill -0 "$pid" 2>/dev/null && [ "$(find "$done_dir" -type f | wc -l)" -lt "$threads" ]; do
            sleep 0.1
        done
        kill -INT "$pid" 2>/dev/null || true
    fi
    wait "$pid" || true
    grep '^load: ' "$output"
}

cli_list="$serve_scratch/cli-urls.txt"
: >"$cli_list"
for ((n = 1; n <= repeat; n++)); do
    for sample in "${samples[@]}"; do echo "$origin_url/$sample?n=cli-$n" >>"$cli_list"; done
done
cli_count=$(wc -l <"$cli_list")

cli_rates=()
uncached_lines=()
for ((round = 1; round <= rounds; round++)); do
    started=$(date +%s.%N)
    "$binary" analyze --input-list "$cli_list" --jobs "$jobs" --format json --allow-loopback \
        --total-memory "$total_memory" >"$serve_scratch/cli.jsonl" 2>/dev/null || true
    elapsed=$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$started" "$(date +%s.%N)")
    ok=$(grep -c '"background"' "$serve_scratch/cli.jsonl" || true)
    cli_rates+=("$(python3 -c "print(f'{$ok / $elapsed:.1f}')")")
    echo "serve-load: round $round: CLI $ok of $cli_count in ${elapsed:0:6} s"

    serve_start "$binary" "${server_flags[@]}"
    line=$(wrk_run 0 1)
    uncached_lines+=("$line")
    echo "serve-load: round $round: uncached $line"
    serve_stop "$server_pid"
done

serve_start "$binary" "${server_flags[@]}" --cache "$serve_scratch/cache.sqlite"
for sample in "${samples[@]}"; do
    curl -sS -o /dev/null --max-time 60 "$server_url/v1/colors?url=$(encode "$origin_url/$sample")"
done
cached_line=$(wrk_run 0 0)
echo "serve-load: cached $cached_line"
serve_stop "$server_pid"

serve_start "$binary" "${server_flags[@]}"
sleep 1
idle_kb=$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status")
rss_log="$serve_scratch/rss.tsv"
(
    while kill -0 "$server_pid" 2>/dev/null; do
        printf '%s\t%s\n' "$(date +%s.%N)" "$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status" 2>/dev/null)"
        sleep 0.1
    done
) >"$rss_log" &
sampler=$!
serve_pids+=("$sampler")
rss_started=$(date +%s.%N)
memory_line=$(wrk_run "$rss_requests" 1)
rss_ended=$(date +%s.%N)
peak_kb=$(awk '/^VmHWM:/ {print $2}' "/proc/$server_pid/status")
echo "serve-load: memory $memory_line"
kill "$sampler" 2>/dev/null || true

python3 - "$cli_count" "$jobs" "$connections" "$duration" "$total_memory" "$idle_kb" "$peak_kb" "$rss_log" \
    "$rss_started" "$rss_ended" "$cached_line" "$memory_line" "${cli_rates[*]}" "${uncached_lines[@]}" <<'PY'
import re
import statistics
import sys

(cli_count, jobs, connections, duration, total_memory, idle_kb, peak_kb, rss_log, started, ended, cached, memory,
 cli_rates) = sys.argv[1:14]
uncached = sys.argv[14:]


def parse(line):
    fields = dict(re.findall(r"(\w+)=(\S*)", line))
    statuses = dict(part.split(":") for part in fields.get("statuses", "").split(",") if part)
    requests, seconds = int(fields["requests"]), float(fields["seconds"])
    bad = sum(int(n) for s, n in statuses.items() if s not in ("200", "429")) + int(fields["errors"])
    return {"requests": requests, "rate": requests / seconds, "p50": float(fields["p50_ms"]),
            "p99": float(fields["p99_ms"]), "statuses": statuses, "bad": bad}


def answers(run):
    return ", ".join(f"{n} × {s}" for s, n in sorted(run["statuses"].items())) + (
        f", {run['bad']} errors" if run["bad"] else "")


cli = statistics.median(float(rate) for rate in cli_rates.split())
runs = [parse(line) for line in uncached]
uncached_rate = statistics.median(run["rate"] for run in runs)
cached_run, memory_run = parse(cached), parse(memory)
print(f"| workload | requests | per second | p50 | p99 | answers |")
print("| --- | --- | --- | --- | --- | --- |")
print(f"| CLI `--input-list`, {cli_count} URLs, `--jobs {jobs}` (median of {len(cli_rates.split())}) | {cli_count} "
      f"| {cli:.1f} | | | |")
for number, run in enumerate(runs, 1):
    print(f"| serve, uncached, round {number} ({connections} connections, {duration}) | {run['requests']} | "
          f"{run['rate']:.1f} | {run['p50']:.1f} ms | {run['p99']:.1f} ms | {answers(run)} |")
print(f"| serve, cached ({connections} connections, {duration}) | {cached_run['requests']} | {cached_run['rate']:.0f} | "
      f"{cached_run['p50']:.2f} ms | {cached_run['p99']:.2f} ms | {answers(cached_run)} |")
print(f"| serve, uncached, memory run | {memory_run['requests']} | {memory_run['rate']:.1f} | {memory_run['p50']:.1f} ms "
      f"| {memory_run['p99']:.1f} ms | {answers(memory_run)} |")
print()

samples = []
for row in open(rss_log):
    parts = row.split()
    if len(parts) == 2:
        samples.append((float(parts[0]), int(parts[1])))
start, end = float(started), float(ended)
tenth = (end - start) / 10
first = max((kb for t, kb in samples if start <= t <= start + tenth), default=0)
last = max((kb for t, kb in samples if end - tenth <= t <= end), default=0)
budget_kb = None
match = re.fullmatch(r"(\d+)(KB|MB|GB|KiB|MiB|GiB)?", total_memory)
if match:
    scale = {"KB": 1e3, "MB": 1e6, "GB": 1e9, "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3, None: 1}[match[2]]
    budget_kb = int(match[1]) * scale / 1024
# VmHWM is kept lazily by the kernel and may trail the last VmRSS read; the peak is the larger.
idle, peak = int(idle_kb), max([int(peak_kb)] + [kb for _, kb in samples])
mb = lambda kb: f"{kb / 1024:.1f} MiB"
print("| RSS | idle | first tenth | last tenth | peak | limit (--total-memory + idle) |")
print("| --- | --- | --- | --- | --- | --- |")
limit = f"{mb(budget_kb + idle)}" if budget_kb else "?"
print(f"| {memory_run['requests']} uncached requests, `--total-memory {total_memory}` | {mb(idle)} | {mb(first)} "
      f"| {mb(last)} | {mb(peak)} | {limit} |")
print()

targets = [
    ("uncached throughput ≥ 90% of the CLI's batch", cli > 0 and uncached_rate >= 0.9 * cli,
     f"{uncached_rate:.1f} / {cli:.1f} = {uncached_rate / cli:.0%}" if cli else "no CLI rate"),
    ("cached p99 < 5 ms", cached_run["p99"] < 5, f"{cached_run['p99']:.2f} ms"),
    ("RSS under --total-memory + idle", budget_kb is not None and peak <= budget_kb + idle, f"peak {mb(peak)}"),
    ("RSS flat from the first tenth to the last (within 10%)", last <= first * 1.1 or last - first < 5 * 1024,
     f"{mb(first)} → {mb(last)}"),
    ("no errors but 429", all(run["bad"] == 0 for run in runs + [cached_run, memory_run]), ""),
]
for name, met, detail in targets:
    print(f"serve-load: target {'met' if met else 'MISSED'}: {name} ({detail})")
PY
