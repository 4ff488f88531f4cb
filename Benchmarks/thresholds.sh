#!/usr/bin/env bash
# Static thresholds for the deterministic metric: malloc calls per iteration (mallocCountTotal).
# Times are not checked in: on a shared machine they vary by tens of percent from run to run.
# (Instruction counts are checked by instructions.sh with callgrind instead: perf counters,
# which ordo-one's `instructions` metric uses, are not available on every Linux VM.)
#
# Usage: Benchmarks/thresholds.sh check     exit 0 when every count is within one of its threshold;
#                                            otherwise 1 (`swift package` turns the plugin's 2,
#                                            regression, and 4, improvement, into 1: the printed
#                                            tables say which)
#        Benchmarks/thresholds.sh update    rewrite Benchmarks/Thresholds/*.p90.json
# Extra arguments go to `swift package benchmark` (e.g. --target Quantization).
#   SCRATCH=path   the build folder (default .build), e.g. .build-bench beside other builds
set -euo pipefail
cd "$(dirname "$0")"
scratch=(--scratch-path "${SCRATCH:-.build}")
command=${1:?usage: thresholds.sh check|update [benchmark options]}
shift
case "$command" in
    update) exec swift package "${scratch[@]}" --allow-writing-to-package-directory benchmark thresholds update \
        --metric mallocCountTotal --no-progress "$@" ;;
    check) exec swift package "${scratch[@]}" benchmark thresholds check --metric mallocCountTotal --no-progress "$@" ;;
    *) echo "usage: thresholds.sh check|update [benchmark options]" >&2; exit 2 ;;
esac
