#!/usr/bin/env bash
# The library's and the loader's suites with our code built with -O (see Package.swift), over
# the dependencies that the main package's debug build (`swift test`) left in .build: only our
# targets are compiled. Run `swift test` first; with no debug build there, this builds the
# dependencies in debug itself.
#
# Usage: Release/test.sh [FILTER]   (default: every suite of ImageColorsTests,
# ImageColorsRemoteTests, ImageColorsCacheTests and ImageColorsServerTests, and the CLI's batch suite, which runs the
# imagecolors binary built here; the server's suite runs imagecolors-server built here)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="$PWD/.build"
filter=${1:-'(ImageColorsTests|ImageColorsRemoteTests|ImageColorsCacheTests|ImageColorsServerTests|imagecolorsTests)\.'}
# The dependency versions the debug build resolved, so nothing is checked out or built again.
if [ -f Package.resolved ]; then cp Package.resolved Release/Package.resolved; fi
# Whole-module builds keep no incremental build record: remove the optimised targets' build
# folders however this ends, so the main package's next build compiles them again instead of
# linking them.
cleanup() {
    for target in CImageCodecs ImageColorsCore ImageColors ImageColorsRemote ImageColorsCache ImageColorsPostgres \
        ImageColorsServer \
        imagecolors imagecolors-server CTestPNGWriter TestSupport \
        TestHTTPServer ImageColorsTests ImageColorsRemoteTests ImageColorsCacheTests ImageColorsServerTests imagecolorsTests; do
        rm -rf "$scratch/debug/$target.build"
    done
}
trap cleanup EXIT
swift test --package-path Release --scratch-path "$scratch" --filter "$filter"
