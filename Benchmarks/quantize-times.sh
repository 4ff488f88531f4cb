#!/usr/bin/env bash
# The Quantization suite's 250 px rows (rocket-250px, retina-250px, noise-250x250) for this
# checkout and for other commits, measured alternately in one run: every build is run once per
# round, for ROUNDS rounds, and each row's p50 and p90 are the medians over the rounds. Times on
# a shared machine drift by tens of percent between minutes, so commits are compared only within
# one such run (the suite itself measures one build at a time).
#
# Usage: Benchmarks/quantize-times.sh [ROUNDS] [REV...]     e.g. quantize-times.sh 6 055d7b4 1a9e53a
#   SCRATCH=path   this checkout's build folder (default Benchmarks/.build)
# Each REV is checked out as a git work tree under Benchmarks/.build-revs/REV (kept for later
# runs; `git worktree prune` after deleting it), given this checkout's imagecolors-quantize-times
# and built there at -c release (about 3 minutes each the first time).
set -euo pipefail
cd "$(dirname "$0")"
source lib.sh
docs_tables "$@" -- "quantize-times=| build | rocket-250px |"
rounds=${1:-6}
shift || true
scratch=${SCRATCH:-.build}
tool=imagecolors-quantize-times
swift build -c release --scratch-path "$scratch" --product "$tool" >&2
binaries=("$scratch/release/$tool")
labels=("this checkout, $(git rev-parse --short HEAD)")
for rev in "$@"; do
    tree=.build-revs/$rev
    [ -d "$tree" ] || git worktree add --detach "$tree" "$rev" >&2
    mkdir -p "$tree/Benchmarks/Sources/$tool"
    cp "Sources/$tool/main.swift" "$tree/Benchmarks/Sources/$tool/"
    # The tool's target, added to that commit's Benchmarks package if it has none.
    python3 - "$tree/Benchmarks/Package.swift" "$tool" <<'PY'
import sys
path, tool = sys.argv[1:3]
text = open(path).read()
if f'name: "{tool}"' not in text:
    anchor = "    targets: ["
    target = (f'\n        .executableTarget(\n            name: "{tool}",\n'
              '            dependencies: ["BenchmarkImages", .product(name: "ImageColors", package: main)]\n        ),')
    text = text.replace(anchor, anchor + target, 1)
    open(path, "w").write(text)
PY
    (cd "$tree/Benchmarks" && swift build -c release --scratch-path .build-times --product "$tool" >&2)
    binaries+=("$tree/Benchmarks/.build-times/release/$tool")
    labels+=("$rev")
done
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for ((round = 1; round <= rounds; round++)); do
    for index in "${!binaries[@]}"; do
        echo "$index $("${binaries[$index]}")" >>"$results"
    done
    echo "round $round of $rounds" >&2
done
echo "_$rounds alternating rounds of 3,000 quantizations per row and build, load $(cut -d' ' -f1 /proc/loadavg); µs, median over the rounds of each round's p50 (p90)._"
echo
python3 - "$results" "${labels[@]}" <<'PY'
import statistics, sys
results, labels = sys.argv[1], sys.argv[2:]
rows = {}
for line in open(results):
    fields = line.split()
    index = int(fields[0])
    for name, p50, p90 in zip(fields[1::3], fields[2::3], fields[3::3]):
        rows.setdefault(name, {}).setdefault(index, []).append((float(p50), float(p90)))
names = list(rows)
print("| build | " + " | ".join(names) + " |")
print("| --- |" + " --- |" * len(names))
for index, label in enumerate(labels):
    cells = []
    for name in names:
        runs = rows[name][index]
        cells.append(f"{statistics.median(r[0] for r in runs):.0f} ({statistics.median(r[1] for r in runs):.0f})")
    print(f"| {label} | " + " | ".join(cells) + " |")
PY
