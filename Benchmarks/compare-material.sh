#!/usr/bin/env bash
# Our light and dark cards against Material Color Utilities' tonal-spot scheme (materialyoucolor,
# from PyPI, in the oracle environment .build-venv) on the Samples: a Markdown table on stdout
# (Benchmarks/README.md keeps the last one). Builds the CLI (debug) unless IMAGECOLORS_BIN names
# one. Needs python3-venv and PyPI (Tests/Oracles/make-venv.sh makes the environment once).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
Tests/Oracles/make-venv.sh > /dev/null
bin="${IMAGECOLORS_BIN:-}"
if [ -z "$bin" ]; then
    swift build --product imagecolors > /dev/null
    bin="$root/.build/debug/imagecolors"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
images=(Samples/*.jpg Samples/*.png)
"$bin" analyze --format json "${images[@]}" > "$work/results.jsonl"
.build-venv/bin/python Benchmarks/compare_material.py "$work/results.jsonl" "${images[@]}"
