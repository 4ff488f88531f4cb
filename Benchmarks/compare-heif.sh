#!/usr/bin/env bash
# HEIC and AVIF end to end: `imagecolors analyze` against the floors (libheif's own
# `heif-convert`, and libavif's `avifdec`) and pyvips' thumbnail (libvips reads both through
# libheif, as ImageColors does), in alternating runs (the order rotates every run, so a slow
# spell on a shared machine hits every side).
#
# Makes, from the sample photo scaled up (memory.sh's base24.v) with heif-enc and avifenc:
#   - heic12:       a 12 MP HEIC (4211×2810, heif-enc -q 70) without a thumbnail; ours with
#                   --memory-budget 160MB (libheif decodes it whole: 112 MB reserved), as at the
#                   default 30 MB it fails at once with over-memory-budget;
#   - heic12-thumb: the same with a 320 px thumbnail (heif-enc -t 320, as phones write one):
#                   ours at the default budget, decoding only the thumbnail;
#   - avif24:       a 24 MP AVIF (6016×4014, avifenc speed 8, quantizer 20-30); ours with
#                   --memory-budget 600MB (504 MB reserved);
#   - avif12:       memory.sh's 12 MP AVIF (the sample photo at 4032×3024, 8-bit 4:2:0, speed 8,
#                   quantizer 20-30) at the default budget: a photo with an embedded ICC profile
#                   (Adobe RGB), so every pixel is colour-managed, where the wallpapers are sRGB;
#   - tiny:         a 16×16 HEIC (process start-up);
#   - wall-*:       Debian 12's "softwaves" wallpaper (desktop-base's 1920×1080 GRUB background,
#                   taken from /usr/share/desktop-base or `apt-get download desktop-base`) cropped
#                   to 1620×1080 and scaled to 4032×3024 (12 MP, a phone photo's size), each as an
#                   AVIF (avifenc -s 8 --min 20 --max 30 -y 420: 8-bit 4:2:0, issue 40's hero
#                   image settings) and a HEIC without a thumbnail (heif-enc -q 60); ours at the
#                   default budget but the 12 MP HEIC (--memory-budget 80MB: libde265's picture and
#                   state do not fit 30 MB).
# Sides:
#   - ours:   the release `imagecolors analyze --format json`;
#   - floor:  `heif-convert FILE out.y4m` (libheif's decode of the whole primary image, written
#             as planes: no colour conversion, no compression), and for the AVIF also
#             `avifdec -j 1 FILE out.y4m` (libavif with dav1d, one thread);
#   - pyvips: `pyvips.Image.thumbnail(path, 250)` then `write_to_memory()` (libvips uses the
#             embedded thumbnail when it is large enough, else decodes the whole image).
# pyvips only makes a thumbnail; ImageColors also counts the colours and picks the title. Each run
# is a whole process, timed from fork to exit, with its peak RSS (/usr/bin/time). Prints a
# Markdown table and the ratios.
#
# Usage: Benchmarks/compare-heif.sh [RUNS]        (default 7)
#   FILES="wall-avif1620 …"  time only those files (tiny is always timed: the start-up column)
#   IMAGECOLORS_BIN=path  time that binary instead of building it
#   SCRATCH=path          the main package's build folder for that build (default .build-static)
# Needs: libvips-tools and libvips42, libheif-examples (heif-enc, heif-convert), libavif-bin
# (avifenc, avifdec), time, python3 with venv; pyvips from PyPI into Benchmarks/.build-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}

source Benchmarks/lib.sh
docs_tables "$@" -- "compare-heif=| file | side | wall, median |"
need compare-heif.sh "libvips-tools libvips42 libheif-examples libavif-bin time python3-venv" \
    vips heif-enc heif-convert avifenc avifdec python3 /usr/bin/time

work=Benchmarks/.build-compare
mkdir -p "$work"
comparison_venv
bin=$(release_cli "${SCRATCH:-.build-static}")

read -r -a files <<< "${FILES:-heic12 heic12-thumb avif24 avif12 wall-avif1620 wall-avif4032 wall-heic1620 wall-heic4032}"
# The sample photo's files only when one of them is timed (making them takes minutes).
if printf '%s\n' "${files[@]}" | grep -qE '^(heic12|heic12-thumb|avif24|avif12)$'; then
    make_sample24
    make_image heif12.png vips resize "$work/base24.v" "$work/heif12.png" 0.7
    make_image heif24.png vips copy "$work/base24.v" "$work/heif24.png"
    make_image heic12.heic heif-enc -q 70 "$work/heif12.png" -o "$work/heic12.heic"
    make_image heic12-thumb.heic heif-enc -q 70 -t 320 "$work/heif12.png" -o "$work/heic12-thumb.heic"
    make_image avif24.avif avifenc --jobs 2 -s 8 --min 20 --max 30 "$work/heif24.png" "$work/avif24.avif"
    # As memory.sh makes it (issue 40's 12 MP 8-bit 4:2:0 target).
    make_image avif12.png vips thumbnail "$work/heif24.png" "$work/avif12.png" 4032 --height 3024 --size force
    make_image avif12.avif avifenc --jobs 2 -s 8 --min 20 --max 30 -d 8 -y 420 "$work/avif12.png" "$work/avif12.avif"
fi
make_image tiny.png vips thumbnail Samples/rocket.jpg "$work/tiny.png" 16 --height 16 --size force
make_image tiny.heic heif-enc -q 70 "$work/tiny.png" -o "$work/tiny.heic"

wallpaper=/usr/share/desktop-base/softwaves-theme/grub/grub-16x9.png
if [ ! -f "$wallpaper" ] && { [ ! -s "$work/wall1620.png" ] || [ ! -s "$work/wall4032.png" ]; }; then
    wallpaper="$work/desktop-base/usr/share/desktop-base/softwaves-theme/grub/grub-16x9.png"
    [ -f "$wallpaper" ] || (cd "$work" && apt-get download desktop-base >&2 && dpkg-deb -x desktop-base_*.deb desktop-base)
fi
make_image wall1620.png vips thumbnail "$wallpaper" "$work/wall1620.png" 1620 --height 1080 --crop centre
make_image wall4032.png vips thumbnail "$wallpaper" "$work/wall4032.png" 4032 --height 3024 --crop centre \
    --size force
for side in 1620 4032; do
    make_image "wall-avif$side.avif" avifenc --jobs 2 -s 8 --min 20 --max 30 -y 420 "$work/wall$side.png" \
        "$work/wall-avif$side.avif"
    make_image "wall-heic$side.heic" heif-enc -q 60 "$work/wall$side.png" -o "$work/wall-heic$side.heic"
done

pyvips_thumbnail_script

files+=(tiny)
extension() { case "$1" in avif* | wall-avif*) echo avif ;; *) echo heic ;; esac; }
budget_for() {
    case "$1" in
        heic12) echo "--memory-budget 160MB" ;;
        avif24) echo "--memory-budget 600MB" ;;
        wall-heic4032) echo "--memory-budget 80MB" ;;
        *) echo "" ;;
    esac
}
# Each side must work before it is timed.
for name in "${files[@]}"; do
    file="$work/$name.$(extension "$name")"
    # shellcheck disable=SC2046
    "$bin" analyze --format json $(budget_for "$name") "$file" > /dev/null
    heif-convert "$file" "$work/out.y4m" > /dev/null
    "$venv/bin/python" "$work/pyvips-thumbnail.py" "$file" > /dev/null
done
for name in "${files[@]}"; do
    if [ "$(extension "$name")" = avif ]; then avifdec -j 1 "$work/$name.avif" "$work/out.y4m" > /dev/null; fi
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
    case "$side" in pyvips) inner=$(awk '{print $2}' "$results.out" | head -n 1) ;; esac
    echo "$file $side $((end - start)) $(tail -n 1 "$results.rss") ${inner:--}" >> "$results"
}
echo "timing $runs alternating runs of each side…" >&2
for ((i = 0; i < runs; i++)); do
    for name in "${files[@]}"; do
        file="$work/$name.$(extension "$name")"
        sides=(ours heif-convert pyvips)
        [ "$(extension "$name")" = avif ] && sides+=(avifdec)
        count=${#sides[@]}
        for ((k = 0; k < count; k++)); do
            side=${sides[$(( (i + k) % count ))]}
            case "$side" in
                # shellcheck disable=SC2046
                ours) measure "$name" ours "$bin" analyze --format json $(budget_for "$name") "$file" ;;
                heif-convert) measure "$name" heif-convert heif-convert "$file" "$work/out.y4m" ;;
                avifdec) measure "$name" avifdec avifdec -j 1 "$file" "$work/out.y4m" ;;
                pyvips) measure "$name" pyvips "$venv/bin/python" "$work/pyvips-thumbnail.py" "$file" ;;
            esac
        done
    done
done
rm -f "$work/out.y4m"

python3 - "$results" "$runs" "$work" <<'PY'
import os, statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
runs, work = int(sys.argv[2]), sys.argv[3]
names = {
    "heic12": ("12 MP HEIC, no thumbnail (4211×2810; ours with --memory-budget 160MB)", "heic"),
    "heic12-thumb": ("12 MP HEIC with a 320 px thumbnail (ours at the default 30 MB)", "heic"),
    "avif24": ("24 MP AVIF (6016×4014; ours with --memory-budget 600MB)", "avif"),
    "avif12": ("4032×3024 AVIF, 8-bit 4:2:0, photo with an Adobe RGB profile (memory.sh's)", "avif"),
    "tiny": ("16×16 HEIC (process start-up)", "heic"),
    "wall-avif1620": ("1620×1080 AVIF, 8-bit 4:2:0 (Debian wallpaper)", "avif"),
    "wall-avif4032": ("4032×3024 AVIF, 8-bit 4:2:0 (Debian wallpaper)", "avif"),
    "wall-heic1620": ("1620×1080 HEIC (Debian wallpaper)", "heic"),
    "wall-heic4032": ("4032×3024 HEIC (Debian wallpaper; ours with --memory-budget 80MB)", "heic"),
}
labels = {"ours": "imagecolors analyze", "heif-convert": "heif-convert to y4m (floor)",
          "avifdec": "avifdec -j 1 to y4m (floor)", "pyvips": "pyvips thumbnail"}
print("| file | side | wall, median | in process, median | peak RSS | above its start-up | ours ÷ this (median of per-run ratios) |")
print("| --- | --- | --- | --- | --- | --- | --- |")
startup = {side: max(int(r[3]) for r in rows if r[0] == "tiny" and r[1] == side) for side in ("ours", "heif-convert", "pyvips")}
startup["avifdec"] = startup["heif-convert"]
for key, (name, ext) in names.items():
    ours_times = [int(r[2]) for r in rows if r[0] == key and r[1] == "ours"]
    if not ours_times:
        continue
    size = os.path.getsize(f"{work}/{key}.{ext}") / 1e6
    for side, label in labels.items():
        times = [int(r[2]) for r in rows if r[0] == key and r[1] == side]
        if not times:
            continue
        rss = max(int(r[3]) for r in rows if r[0] == key and r[1] == side)
        inner = [float(r[4]) for r in rows if r[0] == key and r[1] == side and r[4] != "-"]
        ratio = "" if side == "ours" else f"{statistics.median(o / t for o, t in zip(ours_times, times)):.2f}×"
        inner_text = f"{statistics.median(inner):.1f} ms" if inner else ""
        above = "" if key == "tiny" else f"{max(0, rss - startup[side]) / 1024:.1f} MB"
        print(f"| {name} ({size:.2f} MB) | {label} | {statistics.median(times) / 1e6:.1f} ms | {inner_text} | {rss / 1024:.1f} MB | {above} | {ratio} |")
print(f"\n{runs} runs of each side, order rotating; wall time from fork to exit; pyvips' in-process time as it prints it (after imports).")
PY
