#!/usr/bin/env bash
# Spark's overhead, measured (issue 42): the same FILES images (default 504: the six Samples, each
# copied FILES/6 times under its own name) analysed by the CLI with `--jobs 2 --input-list` and by
# Samples/Spark/catalogue.py in local[2] (one CLI per task, --jobs 1), alternately, ROUNDS times
# (default 2), with the same flags (--quality high, the default). Prints each run's wall time and
# throughput, then the medians and the ratio Spark / CLI, for the whole run (JVM start-up
# included) and for the job alone (the time catalogue.py reports, from its SparkSession to the
# Parquet read back).
# Usage: Benchmarks/spark-vs-cli.sh   Env: IMAGECOLORS_BIN (default: built as the README says),
#        FILES, ROUNDS. Needs .build-venv-spark (Samples/Spark/make-venv.sh) and Java 17.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/spark-vs-cli.XXXXXX")
trap 'rm -rf "$work"' EXIT
source Benchmarks/lib.sh
need spark-vs-cli.sh "openjdk-17-jre-headless" java
python=.build-venv-spark/bin/python
[ -x "$python" ] || { echo "spark-vs-cli.sh needs .build-venv-spark: run Samples/Spark/make-venv.sh" >&2; exit 2; }
binary=$(realpath "$(release_cli "$work/build")")
files=${FILES:-504}
rounds=${ROUNDS:-2}
mkdir -p "$work/images"
index=0
while [ "$index" -lt "$files" ]; do
    for sample in Samples/*.png Samples/*.jpg; do
        [ "$index" -lt "$files" ] || break
        name=$(basename "$sample")
        cp "$sample" "$work/images/$index-$name"
        index=$((index + 1))
    done
done
find "$work/images" -type f | sort >"$work/list.txt"
echo "spark-vs-cli: $files images, $rounds rounds, $binary, load $(cut -d' ' -f1-3 /proc/loadavg)"

now() { date +%s.%N; }
cli=() spark=() job=()
for round in $(seq "$rounds"); do
    started=$(now)
    "$binary" analyze --format json --jobs 2 --input-list - <"$work/list.txt" >"$work/cli.ndjson" 2>/dev/null
    cli+=("$(echo "$(now) - $started" | bc)")
    started=$(now)
    "$python" Samples/Spark/catalogue.py --binary "$binary" --input "$work/list.txt" --output "$work/out" \
        --overwrite --master 'local[2]' --progress-every 0 2>"$work/spark.log"
    spark+=("$(echo "$(now) - $started" | bc)")
    job+=("$(grep -oE 'partitions, [0-9.]+ s' "$work/spark.log" | grep -oE '[0-9.]+ s' | cut -d' ' -f1)")
    [ "$(wc -l <"$work/cli.ndjson")" -eq "$files" ] || { echo "the CLI printed no line for some" >&2; exit 1; }
    printf 'round %d: CLI --jobs 2 %.1f s (%.1f images/s), Spark local[2] %.1f s in all, job %.1f s (%.1f images/s)\n' \
        "$round" "${cli[-1]}" "$(echo "$files / ${cli[-1]}" | bc -l)" "${spark[-1]}" "${job[-1]}" \
        "$(echo "$files / ${job[-1]}" | bc -l)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
c=$(median "${cli[@]}") s=$(median "${spark[@]}") j=$(median "${job[@]}")
printf 'median: CLI %.1f s, Spark %.1f s in all (%.2fx the CLI), job %.1f s (%.2fx); load %s\n' \
    "$c" "$s" "$(echo "$s / $c" | bc -l)" "$j" "$(echo "$j / $c" | bc -l)" "$(cut -d' ' -f1-3 /proc/loadavg)"
