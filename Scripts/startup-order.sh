#!/bin/bash
# Writes Scripts/startup-order.txt, the order in which lld lays out the release CLI's code
# (Package.swift, `startupOrderFlags`): the functions of the binary that `--version` and
# analyses of small and large files of every format run, --version's first, each once.
#
# Why: the kernel maps 64 KB of a binary around each page a process touches (fault-around), and
# peak RSS counts those pages. The few thousand functions an analysis runs were spread over the
# static binary's 31 MB of code, so a 16×16 PNG paged in 11 MB of it; laid out together they
# take 4-5 MB (issue 40). A function that is not listed keeps its place, so a stale list costs
# memory, never correctness: regenerate it after large changes to the analysis path. SwiftPM
# does not know the list is a link input: after changing it, relink (remove the binary, or
# touch a file of Sources/imagecolors, and build again).
#
#   Scripts/startup-order.sh [BINARY]   # default: the static release CLI in .build-static
#
# Needs valgrind (callgrind), binutils, libvips-tools and libavif-bin (avifenc, for the AVIFs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$root/.build-static/release/imagecolors}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# valgrind 3.19 cannot read the compiler's DWARF 5; the symbol table survives the strip.
objcopy --strip-debug "$binary" "$work/imagecolors"
samples=$root/Samples
vips thumbnail "$samples/rocket.jpg" "$work/tiny.png" 16 --height 16 --size force
vips copy "$work/tiny.png" "$work/tiny.jpg"
vips copy "$work/tiny.png" "$work/tiny.webp"
vips copy "$work/tiny.png" "$work/tiny.gif"
avifenc -s 8 -d 8 -y 420 "$work/tiny.png" "$work/tiny.avif" > /dev/null
# A phone photo's size: the full-size AVIF rows and the downscaler's paths.
vips thumbnail "$samples/rocket.jpg" "$work/large.png" 4032 --height 3024 --size force
avifenc --jobs 2 -s 8 --min 20 --max 30 -d 8 -y 420 "$work/large.png" "$work/large.avif" > /dev/null

runs=(
    "--version"
    "analyze $work/tiny.png"
    "analyze $work/tiny.jpg"
    "analyze $work/tiny.avif"
    "analyze --format json $work/tiny.png"
    "analyze $work/tiny.webp"
    "analyze $work/tiny.gif"
    "analyze $samples/rocket.jpg"
    "analyze $samples/coffee.png"
    "analyze $work/large.avif"
    # memory.sh's form: JSON and an explicit budget.
    "analyze --format json --memory-budget 30MB $work/large.avif"
    "analyze --format json --memory-budget 30MB --quality highest $work/tiny.jpg"
)
index=0
for run in "${runs[@]}"; do
    # shellcheck disable=SC2086  # each run is a command line
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run$index.out" \
        "$work/imagecolors" $run > /dev/null 2>&1
    index=$((index + 1))
done

nm --defined-only "$binary" | awk '$2 ~ /^[tTwW]$/ { print $3 }' > "$work/functions"
python3 - "$work" "$index" > "$root/Scripts/startup-order.txt" <<'PY'
import re, sys
work, count = sys.argv[1], int(sys.argv[2])
functions = set(open(f"{work}/functions").read().split())
order, seen = [], set()
for index in range(count):
    objects, names, current, found = {}, {}, None, []
    for line in open(f"{work}/run{index}.out"):
        line = line.rstrip("\n")
        # callgrind compresses names: "ob=(3) /path" defines (3), "ob=(3)" reuses it.
        match = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
        if match:
            kind, number, name = match.groups()
            if name:
                objects[number] = name
            if kind == "ob":
                current = objects[number]
            continue
        match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if match:
            kind, number, name = match.groups()
            if name:
                names[number] = name
            name = names[number]
            if kind == "fn" and current == f"{work}/imagecolors" and name in functions and name not in seen:
                seen.add(name)
                found.append(name)
    # callgrind lists functions in no fixed order: each run's new ones sorted, for short diffs.
    order += sorted(found)
print("\n".join(order))
PY
echo "Scripts/startup-order.txt: $(wc -l < "$root/Scripts/startup-order.txt") functions; relink the CLI to use it"
