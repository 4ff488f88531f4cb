#!/usr/bin/env bash
# Does a caller's 10 ms timer keep firing while ImageColors analyses large images?
# Builds imagecolors-ticker in release and runs it: 4 analyses at once of a 24 MP PNG (made
# once with libvips, Debian: libvips-tools), each mode 3 times, alternating. Prints a Markdown
# table and the worst gap per mode. Target: under 30 ms with the default executor.
#
# Usage: [SCRATCH=.build-ticker] Benchmarks/ticker.sh [imagecolors-ticker flags…]
set -euo pipefail
cd "$(dirname "$0")"
command -v vips >/dev/null || { echo "ticker.sh needs vips (apt-get install -y libvips-tools)" >&2; exit 2; }
scratch=${SCRATCH:-.build}
swift build -c release --scratch-path "$scratch" --product imagecolors-ticker >&2
"$scratch/release/imagecolors-ticker" "$@"
