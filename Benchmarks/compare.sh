#!/usr/bin/env bash
# The floor: how far `imagecolors analyze` is from the fastest decode of the same file.
#
# Makes 24 MP files from Samples/rocket.jpg with libvips — JPEGs at quality 85 (4:2:0), baseline
# and progressive, and a PNG — then times, in alternating runs (the order flips every run, so a
# slow spell on a shared machine hits both sides):
#   - the release `imagecolors analyze` on each JPEG  vs   `djpeg -scale 1/8` on it
#     (libjpeg-turbo's own fastest decode, Debian package libjpeg-turbo-progs);
#   - `imagecolors analyze` on the PNG                vs   png-floor on it: a bare libpng decode
#     (png-floor.c beside this script, compiled here against the same libpng16).
#   - both on a 16×16 PNG: what starting the process costs each side;
#   - ten copies of the smooth baseline JPEG in one `imagecolors analyze --jobs 1` call against
#     ten djpeg processes: the per-file cost once start-up is paid once (one core each).
# The upscaled sample is smooth (few AC coefficients, cheap for libjpeg); the "grain" files are
# the same picture with Gaussian noise (σ 10), whose entropy-coded data is as dense as a camera
# photo's. Prints median wall times, the ratio of the medians, the median of the per-pair
# ratios, peak RSS, and each target (baseline: at most 1.3× djpeg; progressive: at least 4×
# faster than djpeg, i.e. at most 0.25×; judged on the median of per-pair ratios).
# Exit status 0; the numbers are the result.
#
# Usage: Benchmarks/compare.sh [RUNS]          (default 21)
#   IMAGECOLORS_BIN=path   use that binary instead of building it as the README's "Install"
#                          says (`swift build -c release --static-swift-stdlib`)
#   SCRATCH=path           the main package's build folder for that build (default .build-static)
# Needs: libvips-tools, libjpeg-turbo-progs, libpng-dev, pkg-config, a C compiler, time, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}

source Benchmarks/lib.sh
docs_tables "$@" -- "compare-floor=| file | imagecolors analyze | floor |"
need compare.sh "libvips-tools libjpeg-turbo-progs libpng-dev pkg-config gcc time python3" \
    vips djpeg cc pkg-config python3 /usr/bin/time

work=Benchmarks/.build-compare
mkdir -p "$work"
bin=$(release_cli "${SCRATCH:-.build-static}")

# The sample photo scaled up to 6016×4014 and its grainy copy, as in memory.sh.
make_sample24
make_image jpeg24.jpg vips jpegsave "$work/base24.v" "$work/jpeg24.jpg" --Q 85 --strip
make_image progressive24.jpg vips jpegsave "$work/base24.v" "$work/progressive24.jpg" --Q 85 --strip --interlace
make_image grain24.jpg vips jpegsave "$work/grain24-8.v" "$work/grain24.jpg" --Q 85 --strip
make_image grain24-progressive.jpg vips jpegsave "$work/grain24-8.v" "$work/grain24-progressive.jpg" --Q 85 --strip --interlace
make_image png24.png vips pngsave "$work/base24.v" "$work/png24.png" --strip
make_image tiny.png vips black "$work/tiny.png" 16 16 --bands 3
cc -O2 -o "$work/png-floor" Benchmarks/png-floor.c $(pkg-config --cflags --libs libpng16)
batch=()
for i in 0 1 2 3 4 5 6 7 8 9; do ln -sf jpeg24.jpg "$work/batch$i.jpg"; batch+=("$work/batch$i.jpg"); done
printf '#!/bin/sh\nfor f in "$@"; do djpeg -scale 1/8 -outfile /dev/null "$f"; done\n' >"$work/djpeg-each"
chmod +x "$work/djpeg-each"

# Each side must work before it is timed.
jpegs=(jpeg24 progressive24 grain24 grain24-progressive)
for name in "${jpegs[@]}"; do
    "$bin" analyze --format json "$work/$name.jpg" >/dev/null
    djpeg -scale 1/8 -outfile /dev/null "$work/$name.jpg"
done
"$bin" analyze --format json "$work/png24.png" >/dev/null
"$work/png-floor" "$work/png24.png" >/dev/null

results=$(mktemp)
trap 'rm -f "$results" "$results.rss"' EXIT
measure() {  # label side command… → appends "label side nanoseconds rss_kb"
    local label=$1 side=$2; shift 2
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f %M -o "$results.rss" "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo "$label $side $((end - start)) $(tail -n 1 "$results.rss")" >>"$results"
}
pair() {  # label, run index, ours (one string), floor (one string)
    local label=$1 i=$2 ours=$3 floor=$4
    if (( i % 2 == 0 )); then
        measure "$label" ours $ours; measure "$label" floor $floor
    else
        measure "$label" floor $floor; measure "$label" ours $ours
    fi
}
echo "timing $runs alternating runs of each pair…" >&2
for ((i = 0; i < runs; i++)); do
    for name in "${jpegs[@]}"; do
        pair "$name" "$i" "$bin analyze --format json $work/$name.jpg" "djpeg -scale 1/8 -outfile /dev/null $work/$name.jpg"
    done
    pair png "$i" "$bin analyze --format json $work/png24.png" "$work/png-floor $work/png24.png"
    pair tiny "$i" "$bin analyze --format json $work/tiny.png" "$work/png-floor $work/tiny.png"
    pair batch "$i" "$bin analyze --format json --jobs 1 ${batch[*]}" "$work/djpeg-each ${batch[*]}"
done

python3 - "$results" "$runs" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
runs = int(sys.argv[2])
# key: (description, floor, largest acceptable median per-pair ratio or None)
labels = {
    "jpeg24": ("24 MP baseline JPEG (6016×4014)", "djpeg -scale 1/8", 1.3),
    "grain24": ("24 MP baseline JPEG, grain", "djpeg -scale 1/8", 1.3),
    "progressive24": ("24 MP progressive JPEG", "djpeg -scale 1/8", 0.25),
    "grain24-progressive": ("24 MP progressive JPEG, grain", "djpeg -scale 1/8", 0.25),
    "png": ("24 MP PNG (6016×4014)", "png-floor (bare libpng)", None),
    "tiny": ("16×16 PNG (process start-up)", "png-floor (bare libpng)", None),
    "batch": ("10 × the 24 MP baseline JPEG, one call (`--jobs 1`)", "10 × djpeg -scale 1/8", None),
}
print(f"| file | imagecolors analyze | floor | floor time | ratio of medians | median of per-run ratios | target | peak RSS, analyze | peak RSS, floor |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for key, (name, floor_name, target) in labels.items():
    ours = [int(r[2]) for r in rows if r[0] == key and r[1] == "ours"]
    floor = [int(r[2]) for r in rows if r[0] == key and r[1] == "floor"]
    ours_rss = max(int(r[3]) for r in rows if r[0] == key and r[1] == "ours")
    floor_rss = max(int(r[3]) for r in rows if r[0] == key and r[1] == "floor")
    mo, mf = statistics.median(ours), statistics.median(floor)
    pair_ratio = statistics.median(o / f for o, f in zip(ours, floor))
    verdict = "" if target is None else f"≤ {target:.2f}×: {'met' if pair_ratio <= target else '**missed**'}"
    print(f"| {name} | {mo / 1e6:.1f} ms | {floor_name} | {mf / 1e6:.1f} ms | {mo / mf:.2f}× | {pair_ratio:.2f}× "
          f"| {verdict} | {ours_rss / 1024:.0f} MB | {floor_rss / 1024:.1f} MB |")
print(f"\n{runs} runs of each, alternating; wall time from fork to exit (date +%s%N around /usr/bin/time).")
PY
