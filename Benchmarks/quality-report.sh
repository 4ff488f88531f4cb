#!/usr/bin/env bash
# Colour quality: prints, for every image in Samples/ and the shared corpus, how far each role
# moves between quality presets, after re-encoding as JPEG q75 and after a 1-pixel crop, and the
# fallback count; then a summary. The table in README.md ("Colour quality") comes from this.
#
#   ./quality-report.sh                 # the full table
#   ./quality-report.sh --summary-only  # just the summary
#   ./quality-report.sh PATH...         # other folders or files
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product imagecolors-quality >&2
if [ "$#" -eq 0 ] || [ "$*" = "--summary-only" ]; then
    exec .build/release/imagecolors-quality "$@" ../Samples ../../shared/corpus
fi
exec .build/release/imagecolors-quality "$@"
