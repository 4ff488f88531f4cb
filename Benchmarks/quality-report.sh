#!/usr/bin/env bash
# Colour quality (the imagecolors-quality tool): fallbacks and needless fallbacks, roles under
# the contrast target, hues kept, distinct roles, and how far the background moves across
# presets, re-encoding and a 1-pixel crop; per set of images. The tables in README.md ("Colour
# quality") come from this.
#
#   ./quality-report.sh                        Samples/ and the shared corpus's photos
#   ./quality-report.sh --evaluation           the ten sets of evaluation/, each on its own
#                                              (fetched by evaluation/fetch.sh into .build-evaluation/):
#                                              tuning; heldout, seen since issue 17's first report;
#                                              heldout2, seen since its background flips were
#                                              diagnosed in issue 17; heldout3, seen since its flips
#                                              were diagnosed after the first background-rule change
#                                              of session 28; heldout4, seen since its needless
#                                              fallbacks were looked at in session 28 (the numbers
#                                              of these four are no longer held-out); heldout5, the
#                                              held-out set before issue 41; heldout6, chosen for
#                                              issue 41 (one card per picture) before its changes
#                                              (seen since item 1); heldout7, chosen before items 2-3
#                                              (seen since its two failures were diagnosed);
#                                              heldout8, chosen before the q75 role rules
#                                              (seen: looked at four times while the chroma
#                                              medians were developed); heldout9, chosen before
#                                              issue 41's next rule change
#   ./quality-report.sh --evaluation --html FILE   also write FILE: the newest held-out set's (heldout9)
#                                              page, faithful and classic side by side
#                                              (imagecolors report)
#   ./quality-report.sh [OPTIONS] [SETS...]    options and sets as imagecolors-quality takes them
#   IMAGECOLORS_BIN=path ./quality-report.sh   another build of the CLI (before/after comparisons)
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product imagecolors-quality >&2
bin=${IMAGECOLORS_BIN:-}
if [ -z "$bin" ]; then
    swift build -c release --package-path .. --scratch-path ../.build-quality --product imagecolors >&2
    bin=../.build-quality/release/imagecolors
fi
args=()
html=""
while [ "$#" -gt 0 ]; do
    case "$1" in
        --evaluation)
            evaluation/fetch.sh .build-evaluation >&2
            args+=(--set "tuning=.build-evaluation/tuning"
                   --set "heldout (seen: no longer held-out)=.build-evaluation/heldout"
                   --set "heldout2 (seen: no longer held-out)=.build-evaluation/heldout2"
                   --set "heldout3 (seen: no longer held-out)=.build-evaluation/heldout3"
                   --set "heldout4 (seen: no longer held-out)=.build-evaluation/heldout4"
                   --set "heldout5 (held-out)=.build-evaluation/heldout5"
                   --set "heldout6 (seen: issue 41, item 1)=.build-evaluation/heldout6"
                   --set "heldout7 (seen: issue 41, items 2-3)=.build-evaluation/heldout7"
                   --set "heldout8 (seen: issue 41, chroma medians)=.build-evaluation/heldout8"
                   --set "heldout9 (held-out, issue 41 next rule)=.build-evaluation/heldout9") ;;
        --html) html="$2"; shift ;;
        *) args+=("$1") ;;
    esac
    shift
done
.build/release/imagecolors-quality --cli "$bin" ${args[@]+"${args[@]}"}
if [ -n "$html" ]; then
    [ -d .build-evaluation/heldout9 ] || evaluation/fetch.sh .build-evaluation >&2
    "$bin" report --compare-scheme classic --color-management off -o "$html" .build-evaluation/heldout9/*
fi
