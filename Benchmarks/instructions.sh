#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: repeatable to a fraction of a percent on a
# machine whose timings are not (another build on the other core does not change them).
# Each workload of imagecolors-probe runs under `valgrind --tool=callgrind`, counting only the
# workload itself (--toggle-collect), and is compared with Thresholds/instructions.tsv.
#
# Usage: Benchmarks/instructions.sh [check]     compare; exit 2 if any workload grew past the tolerance
#        Benchmarks/instructions.sh update      rewrite Thresholds/instructions.tsv
#   TOLERANCE=percent   allowed growth (default 2)
#   SCRATCH=path        the build folder (default Benchmarks/.build)
# The counts belong to one compiler and one libjpeg/libpng build: update them with either.
# Needs: valgrind, libvips-tools (the 24 MP files); libjpeg-turbo-progs for the djpeg rows.
set -euo pipefail
cd "$(dirname "$0")"
source lib.sh
docs_tables "$@" -- "instructions=| workload | instructions per op |" \
    "instructions-djpeg=| file | imagecolors (in process) |"
mode=${1:-check}
tolerance=${TOLERANCE:-2}
scratch=${SCRATCH:-.build}
file=Thresholds/instructions.tsv
command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind (apt-get install -y valgrind)" >&2; exit 2; }
swift build -c release --scratch-path "$scratch" --product imagecolors-probe >&2
# valgrind 3.19 (Debian 12) cannot read the compiler's DWARF 5 debug information; the symbol
# table, which --toggle-collect needs, survives stripping it.
probe=$(mktemp)
objcopy --strip-debug "$scratch/release/imagecolors-probe" "$probe"

# workload and iterations: enough to make one-off costs (first-touch page faults) small.
workloads=(
    "quantize-rocket-50 50" "quantize-rocket-100 50" "quantize-rocket-250 20" "quantize-retina-250 20"
    "quantize-noise-250 20" "quantize-busy-250 20" "quantize-rocket-24mp 1" "downscale-24mp 1"
    "analyze-rocket.jpg 5" "analyze-coffee.png 5" "analyze-24mp-jpeg 1" "analyze-24mp-progressive 1" "analyze-24mp-png 1"
)
out=$(mktemp)
floors=$(mktemp)
trap 'rm -f "$out" "$out.cg" "$out.log" "$probe" "$floors"' EXIT
for entry in "${workloads[@]}"; do
    set -- $entry
    "$probe" "$1" 1 >/dev/null   # makes any missing image first, outside valgrind
    valgrind --tool=callgrind --callgrind-out-file="$out.cg" --collect-atstart=no \
        '--toggle-collect=*imagecolors_probe_workload*' "$probe" "$1" "$2" >/dev/null 2>"$out.log" || {
        cat "$out.log" >&2; exit 1; }
    total=$(awk '/^summary:|^totals:/ {print $2; exit}' "$out.cg")
    echo "$1 $((total / $2))" >>"$out"
    rm -f "$out.log"
done

# The floor, counted the same way: djpeg -scale 1/8 (libjpeg-turbo's fastest decode, the whole
# process) on the 24 MP files the workloads above analyse. Shown, not checked.
images=${IMAGECOLORS_BENCH_IMAGES:-.build-images}
if command -v djpeg >/dev/null; then
    for entry in "analyze-24mp-jpeg rocket-24mp.jpg" "analyze-24mp-progressive rocket-24mp-progressive.jpg"; do
        set -- $entry
        valgrind --tool=callgrind --callgrind-out-file="$out.cg" djpeg -scale 1/8 -outfile /dev/null "$images/$2" 2>"$out.log" || {
            cat "$out.log" >&2; exit 1; }
        echo "$1 $2 $(awk '/^summary:|^totals:/ {print $2; exit}' "$out.cg")" >>"$floors"
    done
fi

if [ "$mode" = update ]; then
    mkdir -p Thresholds
    { echo "# instructions per operation (callgrind), from Benchmarks/instructions.sh update"
      awk '{print $1 "\t" $2}' "$out"; } >"$file"
    echo "wrote Benchmarks/$file" >&2
fi
python3 - "$out" "$file" "$tolerance" "$mode" "$floors" <<'PY'
import sys
measured = dict(line.split() for line in open(sys.argv[1]))
floors = [line.split() for line in open(sys.argv[5])]
try:
    expected = dict(line.split() for line in open(sys.argv[2]) if not line.startswith("#"))
except FileNotFoundError:
    expected = {}
tolerance, mode = float(sys.argv[3]), sys.argv[4]
print("| workload | instructions per op | threshold | change |")
print("| --- | --- | --- | --- |")
worse = False
for name, value in measured.items():
    value = int(value)
    if name in expected:
        limit = int(expected[name])
        change = (value - limit) / limit * 100
        flag = " **regression**" if change > tolerance else ""
        worse |= change > tolerance
        print(f"| {name} | {value:,} | {limit:,} | {change:+.1f}%{flag} |")
    else:
        print(f"| {name} | {value:,} | (none) | |")
if floors:
    print("\n| file | imagecolors (in process) | djpeg -scale 1/8 (whole process) | ratio |")
    print("| --- | --- | --- | --- |")
    for name, image, value in floors:
        ours = int(measured[name])
        print(f"| {image} | {ours:,} | {int(value):,} | {ours / int(value):.2f}× |")
if mode == "check" and worse:
    print(f"\nsome workloads grew by more than {tolerance}%")
    sys.exit(2)
PY
