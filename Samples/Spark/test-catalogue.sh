#!/usr/bin/env bash
# The Spark catalogue (issue 42) end to end, in local[2], with pyspark from PyPI (.build-venv-spark:
# Samples/Spark/make-venv.sh) and Java 17:
#   1. unit tests without Spark: how sources are listed and named to the CLI, and the
#      --via-service client against a busy, refusing, short or absent server;
#   2. piped: the Samples, two copies with awkward names (a space, a leading dash), a non-image,
#      a missing file and the shared corpus (CORPUS, default ../shared/corpus beside the package:
#      about 400 files, half of them broken or not images) through `imagecolors analyze` per
#      partition, with `--quality low --scheme classic --placeholder both` passed through; every
#      row checked against the CLI's own JSON for the same list and flags, and against the default
#      options' (some colours must differ: the classic scheme's, as `lowest`, `low` and `high` now
#      give the same card, issue 41);
#   3. --via-service: the same images, the non-image and a missing one as URLs of a static origin
#      (python http.server on 127.0.0.1), posted in batches of 3 to `imagecolors serve
#      --allow-loopback` on 127.0.0.1; checked against the CLI's JSON for the same URLs and against
#      the piped catalogue (same colours, same failures).
# Bounded: each job is killed after JOB_TIMEOUT seconds (default 600); the server and the origin
# are stopped on exit. Usage: Samples/Spark/test-catalogue.sh
# Env: IMAGECOLORS_BIN (the CLI, imagecolors-server beside it; default .build/debug/imagecolors).
# Ends with "test-catalogue: passed (N s)"; exit status 1 on any mismatch, 2 when a tool is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Scripts/serve-lib.sh
trap serve_stop_all EXIT
python=$PWD/.build-venv-spark/bin/python
[ -x "$python" ] || {
    echo "test-catalogue.sh needs pyspark in .build-venv-spark: run Samples/Spark/make-venv.sh" >&2
    exit 2
}
need test-catalogue.sh "openjdk-17-jre-headless" java
binary=$(realpath "$(serve_binary)")
timeout=${JOB_TIMEOUT:-600}
started=$SECONDS
work=$serve_scratch/spark
mkdir -p "$work/origin"

# run_job NAME ARGUMENT…: runs catalogue.py, bounded, its stderr kept in $work/NAME.log (the CLI's
# message for each broken file goes there); shows the job's own lines, or the log's end on failure.
run_job() {
    local name=$1 status=0 job_started=$SECONDS
    shift
    timeout "$timeout" "$python" Samples/Spark/catalogue.py "$@" 2>"$work/$name.log" || status=$?
    grep -E '^(catalogue|[0-9:]+ (WARN|ERROR))' "$work/$name.log" | grep -v ' sources, .* tasks, ' || true
    if [ "$status" -ne 0 ]; then
        tail -40 "$work/$name.log" >&2
        echo "test-catalogue: FAILED: the $name job's exit status is $status" >&2
        exit 1
    fi
    echo "test-catalogue: the $name job took $((SECONDS - job_started)) s"
}

echo "test-catalogue: listing sources and the --via-service client"
"$python" -m unittest Samples/Spark/test_catalogue_sources.py Samples/Spark/test_catalogue_service.py 2>&1 | tail -3

# Sources: the Samples, copies with names that must not read as a flag or be split, a non-image
# and a missing file.
cp Samples/*.png Samples/*.jpg "$work/origin/"
cp Samples/horse.png "$work/origin/with space.png"
cp Samples/rocket.jpg "$work/origin/-dash.jpg"
echo "not an image" >"$work/origin/notes.png"
list=$work/files.txt
# The README's list, then the awkward ones.
ls "$PWD"/Samples/*.png "$PWD"/Samples/*.jpg >"$list"
printf '%s\n' "$work/origin/with space.png" "$work/origin/-dash.jpg" "$work/origin/notes.png" \
    "$work/origin/missing.png" >>"$list"
# The shared corpus (colour, orientation, PNG suite, malformed files): about 400 more rows.
corpus=${CORPUS:-../shared/corpus}
if [ -d "$corpus" ]; then
    find "$(realpath "$corpus")" -type f -not -name '.*' | sort >>"$list"
else
    echo "test-catalogue: no corpus at $corpus (CORPUS names it): the Samples only" >&2
fi
"$binary" analyze --format json --quality low --scheme classic --placeholder both --input-list - <"$list" >"$work/cli-low.ndjson" 2>/dev/null || true
"$binary" analyze --format json --input-list - <"$list" >"$work/cli-high.ndjson" 2>/dev/null || true

echo "test-catalogue: piped through $binary"
# The README's command, with placeholders asked for too.
run_job piped --binary "$binary" --input "$list" --output "$work/piped" --master 'local[2]' \
    -- --quality low --scheme classic --placeholder both
"$python" Samples/Spark/check_catalogue.py "$work/piped" "$list" "$work/cli-low.ndjson" \
    --placeholders thumbhash,blurhash --differs "$work/cli-high.ndjson"

serve_origin "$work/origin"
serve_start "$binary" --allow-loopback --max-batch 100
echo "test-catalogue: via $server_url, origin $origin_url"
urls=$work/urls.txt
(cd "$work/origin" && for name in *.png *.jpg missing.png; do
    "$python" -c 'import sys, urllib.parse; print(sys.argv[1] + "/" + urllib.parse.quote(sys.argv[2]))' \
        "$origin_url" "$name"
done) >"$urls"
"$binary" analyze --format json --allow-loopback --quality low --scheme classic --placeholder both --input-list - <"$urls" \
    >"$work/cli-urls.ndjson" 2>/dev/null || true
run_job served --via-service "$server_url" --batch-size 3 --input "$urls" --output "$work/served" \
    --master 'local[2]' -- --quality low --scheme classic --placeholder both
"$python" Samples/Spark/check_catalogue.py "$work/served" "$urls" "$work/cli-urls.ndjson" \
    --placeholders thumbhash,blurhash --same-as "$work/piped"
echo "test-catalogue: passed ($((SECONDS - started)) s)"
