#!/usr/bin/env bash
# WebP end to end: `imagecolors analyze` against the floor (libwebp's own `dwebp`) and two peers
# that Python backends use for thumbnails (Pillow and pyvips, from PyPI).
#
# Makes a 24 MP lossy WebP (quality 75, cwebp's default) and a 24 MP lossless one of the sample
# photo with libvips (which encodes with libwebp), the lossy one again with grain (Gaussian noise,
# σ 10, as dense to decode as a camera photo; the upscaled sample is smooth and cheap), a 24 MP
# lossless WebP of a real photograph (Lukas Baubkus' "Kleiber", 6028×3391, from Debian's
# lomiri-wallpapers-20.04, fetched with `apt-get download`, resized to 6016×4014 and encoded by
# `cwebp -lossless` at its defaults: about 23 MB, as dense as lossless photos get), plus a
# 16×16 one for process start-up, then
# times each side in alternating runs (the order rotates every run, so a slow spell on a shared
# machine hits every side):
#   - ours:   the release `imagecolors analyze --format json --decode-timeout 120` (built as the
#             README's "Install the CLI" says), at the default memory budget: lossless files are
#             streamed by the library's own VP8L decoder within a window of 2^20 pixels (the
#             timeout is wall time: the 24 MP lossless photo, 0.5 s of CPU, passed the default
#             10 s on a 2-core machine at load 20);
#   - floor:  `dwebp -scale W H -pam` to the size ImageColors decodes lossy files at (1/8 for
#             24 MP at the default 250 px), written to /dev/null: libwebp's decode alone, no
#             analysis (for a lossless file libwebp decodes every pixel, then shrinks);
#   - Pillow: `Image.open(path)` then `thumbnail((250, 250))` (Pillow decodes WebP at full size);
#   - pyvips: `pyvips.Image.thumbnail(path, 250)` then `write_to_memory()` (libvips shrinks on
#             load through libwebp's scaling, as ImageColors does).
# Both peers only make a thumbnail; ImageColors also counts the colours and picks the title.
# Each run is a whole process (start-up included), timed from fork to exit, with its peak RSS
# (/usr/bin/time), and that RSS above the same side's run on the 16×16 file (what the image
# costs beyond starting the process: Swift's runtime and Foundation take about 20 MB, Python
# with libvips about 45). The peers also print their in-process time (the work without
# Python's start and imports), shown as a separate column. Prints a Markdown table, the ratios, and the
# targets for each file: faster than both peers at under a third of their peak RSS, and (issue
# 40, lossless files) within 1.5× of the floor.
#
# Usage: Benchmarks/compare-webp.sh [RUNS]        (default 11)
#   IMAGECOLORS_BIN=path  time that binary instead of building it
#   SCRATCH=path          the main package's build folder for that build (default .build-static)
# Needs: libvips-tools and libvips42 (pyvips loads it), webp (dwebp, cwebp), time, python3 with venv;
# Pillow and pyvips are installed from PyPI into Benchmarks/.build-venv (once).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-11}

source Benchmarks/lib.sh
docs_tables "$@" -- "compare-webp=| file | side | wall, median |"
need compare-webp.sh "libvips-tools libvips42 webp time python3-venv" vips vipsheader dwebp cwebp python3 /usr/bin/time

work=Benchmarks/.build-compare
mkdir -p "$work"
comparison_venv
bin=$(release_cli "${SCRATCH:-.build-static}")

# A real photograph from a Debian package (Debian's own wallpapers are drawings), for a lossless
# file as dense as a camera's.
fetch_photo() {
    local folder
    folder=$(mktemp -d)
    (cd "$folder" && apt-get download -q lomiri-wallpapers-20.04 > /dev/null && dpkg-deb -x ./*.deb x)
    cp "$folder/x/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg" "$work/photo.jpg"
    rm -rf "$folder"
}

# The sample photo scaled up to 6016×4014 and its grainy copy, as in compare.sh and memory.sh.
make_sample24
make_image webp24.webp vips webpsave "$work/base24.v" "$work/webp24.webp" --Q 75 --strip
make_image webp24-lossless.webp vips webpsave "$work/base24.v" "$work/webp24-lossless.webp" --lossless --strip
make_image webp24-grain.webp vips webpsave "$work/grain24-8.v" "$work/webp24-grain.webp" --Q 75 --strip
make_image photo.jpg fetch_photo
make_image photo24.png vips thumbnail "$work/photo.jpg" "$work/photo24.png" 6016 --height 4014 --size force
make_image webp24-photo-lossless.webp cwebp -quiet -lossless "$work/photo24.png" -o "$work/webp24-photo-lossless.webp"
make_image tiny.webp vips thumbnail Samples/rocket.jpg "$work/tiny.webp[Q=75,strip]" 16 --height 16 --size force

cat > "$work/pillow-thumbnail.py" <<'PY'
import sys, time
start = time.perf_counter()
from PIL import Image
imported = time.perf_counter()
image = Image.open(sys.argv[1])
image.thumbnail((250, 250))
done = time.perf_counter()
print(f"{image.size[0]}x{image.size[1]} {(done - imported) * 1000:.1f} {(imported - start) * 1000:.1f}")
PY
pyvips_thumbnail_script

# The size ImageColors decodes each file at (the JPEG rule: 1/8 while the long side stays ≥ 500).
scaled() {
    local w h d
    w=$(vipsheader -f width "$1") h=$(vipsheader -f height "$1")
    for d in 8 4 2 1; do
        if [ $(( (w > h ? w : h) + d - 1 )) -ge $(( 500 * d )) ] || [ "$d" = 1 ]; then
            echo "$(( (w + d - 1) / d )) $(( (h + d - 1) / d ))"
            return
        fi
    done
}

files=(webp24 webp24-grain webp24-lossless webp24-photo-lossless tiny)
# Each side must work before it is timed.
for name in "${files[@]}"; do
    "$bin" analyze --format json --decode-timeout 120 "$work/$name.webp" > /dev/null
    read -r sw sh < <(scaled "$work/$name.webp")
    dwebp -quiet -scale "$sw" "$sh" -pam "$work/$name.webp" -o /dev/null
    "$venv/bin/python" "$work/pillow-thumbnail.py" "$work/$name.webp" > /dev/null
    "$venv/bin/python" "$work/pyvips-thumbnail.py" "$work/$name.webp" > /dev/null
done

results=$(mktemp)
trap 'rm -f "$results" "$results".*' EXIT
measure() {  # file side command… → appends "file side nanoseconds rss_kb in_process_ms"
    local file=$1 side=$2; shift 2
    local start end inner
    start=$(date +%s%N)
    /usr/bin/time -f %M -o "$results.rss" "$@" > "$results.out" 2> /dev/null
    end=$(date +%s%N)
    inner=-
    case "$side" in pillow|pyvips) inner=$(awk '{print $2}' "$results.out" | head -n 1) ;; esac
    echo "$file $side $((end - start)) $(tail -n 1 "$results.rss") ${inner:--}" >> "$results"
}
echo "timing $runs alternating runs of each side…" >&2
sides=(ours floor pillow pyvips)
for ((i = 0; i < runs; i++)); do
    for name in "${files[@]}"; do
        file="$work/$name.webp"
        read -r sw sh < <(scaled "$file")
        for ((k = 0; k < 4; k++)); do
            side=${sides[$(( (i + k) % 4 ))]}
            case "$side" in
                ours) measure "$name" ours "$bin" analyze --format json --decode-timeout 120 "$file" ;;
                floor) measure "$name" floor dwebp -quiet -scale "$sw" "$sh" -pam "$file" -o /dev/null ;;
                pillow) measure "$name" pillow "$venv/bin/python" "$work/pillow-thumbnail.py" "$file" ;;
                pyvips) measure "$name" pyvips "$venv/bin/python" "$work/pyvips-thumbnail.py" "$file" ;;
            esac
        done
    done
done

python3 - "$results" "$runs" "$work" <<'PY'
import os, statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
runs, work = int(sys.argv[2]), sys.argv[3]
names = {
    "webp24": "24 MP lossy WebP (6016×4014, quality 75)",
    "webp24-grain": "24 MP lossy WebP, grain",
    "webp24-lossless": "24 MP lossless WebP (6016×4014, smooth)",
    "webp24-photo-lossless": "24 MP lossless WebP of a photo (6016×4014, cwebp -lossless)",
    "tiny": "16×16 WebP (process start-up)",
}
labels = {"ours": "imagecolors analyze", "floor": "dwebp -scale (floor)", "pillow": "Pillow thumbnail", "pyvips": "pyvips thumbnail"}
print("| file | side | wall, median | in process, median | peak RSS | above its start-up | ours ÷ this (median of per-run ratios) |")
print("| --- | --- | --- | --- | --- | --- | --- |")
verdicts = []
startup = {side: max(int(r[3]) for r in rows if r[0] == "tiny" and r[1] == side) for side in labels}
for key, name in names.items():
    size = os.path.getsize(f"{work}/{key}.webp") / 1e6
    stats = {}
    for side in labels:
        times = [int(r[2]) for r in rows if r[0] == key and r[1] == side]
        rss = max(int(r[3]) for r in rows if r[0] == key and r[1] == side)
        inner = [float(r[4]) for r in rows if r[0] == key and r[1] == side and r[4] != "-"]
        stats[side] = (times, rss, statistics.median(inner) if inner else None)
    ours_times = stats["ours"][0]
    for side, (times, rss, inner) in stats.items():
        ratio = "" if side == "ours" else f"{statistics.median(o / t for o, t in zip(ours_times, times)):.2f}×"
        inner_text = f"{inner:.1f} ms" if inner is not None else ""
        above = "" if key == "tiny" else f"{max(0, rss - startup[side]) / 1024:.1f} MB"
        print(f"| {name} ({size:.1f} MB) | {labels[side]} | {statistics.median(times) / 1e6:.1f} ms | {inner_text} | {rss / 1024:.1f} MB | {above} | {ratio} |")
    if key != "tiny":
        ours = statistics.median(ours_times)
        faster = all(ours < statistics.median(stats[p][0]) for p in ("pillow", "pyvips"))
        lighter = all(stats["ours"][1] * 3 < stats[p][1] for p in ("pillow", "pyvips"))
        verdicts.append(f"{name}: faster than both peers: {'met' if faster else '**missed**'}; "
                        f"under a third of their peak RSS: {'met' if lighter else '**missed**'} "
                        f"(ours {stats['ours'][1] / 1024:.0f} MB; Pillow {stats['pillow'][1] / 1024:.0f} MB, pyvips {stats['pyvips'][1] / 1024:.0f} MB; "
                        f"above each process's start-up: ours {(stats['ours'][1] - startup['ours']) / 1024:.1f} MB, "
                        f"Pillow {(stats['pillow'][1] - startup['pillow']) / 1024:.1f} MB, pyvips {(stats['pyvips'][1] - startup['pyvips']) / 1024:.1f} MB)")
        if "lossless" in key:
            floor = statistics.median(o / t for o, t in zip(ours_times, stats["floor"][0]))
            verdicts.append(f"{name}: within 1.5× of dwebp -scale (issue 40): "
                            f"{'met' if floor <= 1.5 else '**missed**'} ({floor:.2f}×, median of per-run ratios)")
print()
for verdict in verdicts:
    print(f"- {verdict}")
print(f"\n{runs} runs of each side, order rotating; wall time from fork to exit; in-process time as the peers print it (after imports).")
PY
