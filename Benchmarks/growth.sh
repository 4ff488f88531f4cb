#!/usr/bin/env bash
# How cost grows with the pixel count: builds imagecolors-growth (release), runs it over the
# sizes (default 0.25, 1, 4, 16 and 64 MP), prints its Markdown table and draws time against
# pixels (log–log) into Benchmarks/growth.svg.
#
# Usage: Benchmarks/growth.sh [SIZES] [RUNS]      e.g. Benchmarks/growth.sh 0.25,1,4,16,64 5
#   SCRATCH=path   the build folder (default Benchmarks/.build)
# Needs: libvips-tools (the images), python3 (the plot; standard library only).
set -euo pipefail
cd "$(dirname "$0")"
source lib.sh
docs_tables "$@" -- "growth=| image | pixels |"
sizes=${1:-0.25,1,4,16,64}
runs=${2:-5}
scratch=${SCRATCH:-.build}
swift build -c release --scratch-path "$scratch" --product imagecolors-growth >&2
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
"$scratch/release/imagecolors-growth" --sizes "$sizes" --runs "$runs" --csv "$csv"
python3 plot-growth.py "$csv" growth.svg
echo "wrote Benchmarks/growth.svg" >&2
