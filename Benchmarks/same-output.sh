#!/usr/bin/env bash
# Whether two builds of the CLI give the same answers, byte for byte: the check behind a change
# that must only make things faster (or smaller). Every image of the shared corpus (all
# subfolders; files it cannot read give their error objects, compared too) and of the
# evaluation sets (tuning, heldout and heldout2 to heldout5: those fetched) at every quality
# preset with both schemes, plus other options that reach the quantizer (a contrast target of
# 4.5, a palette; the background from the whole image on the corpus). `analyze --format json`
# with colour management at its default: one line per source, a result or an error object, and
# the exit status.
#
# Usage: Benchmarks/same-output.sh BIN_A BIN_B        run both, compare; exit 1 on any difference
#        Benchmarks/same-output.sh --record DIR BIN   keep BIN's outputs in DIR (a slow or old
#                                                     build, recorded once) …
#        Benchmarks/same-output.sh DIR BIN_B          … and compare another build with them
#   CORPUS=path       the shared corpus (default: ../shared/corpus beside the package)
#   EVALUATION=path   the fetched evaluation sets (default Benchmarks/.build-evaluation, see
#                     evaluation/fetch.sh); skipped with a note when absent
#   JOBS=n            images analysed at once (default 2)
# Cost: about 6,000 analyses per build with tuning and heldout (each corpus image 15 times, each
# evaluation image 11 times), about 10 s per build on 2 shared cores; heldout2 to heldout5 add
# 191 images, about 2,100 analyses (about 4 s more: estimated from the count, not measured).
# Outputs recorded with --record before a set was listed here cover fewer images: record them
# again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=${CORPUS:-$here/../../shared/corpus}
evaluation=${EVALUATION:-$here/.build-evaluation}
jobs=${JOBS:-2}

usage() { echo "usage: same-output.sh BIN_A BIN_B | --record DIR BIN | DIR BIN" >&2; exit 2; }
[ -d "$corpus" ] || { echo "same-output.sh: no corpus at $corpus (set CORPUS)" >&2; exit 2; }
# Canonical paths: the sources' names are in the output, and must not depend on the checkout.
corpus=$(cd "$corpus" && pwd -P)
[ -d "$evaluation" ] && evaluation=$(cd "$evaluation" && pwd -P)

lists=$(mktemp -d)
trap 'rm -rf "$lists"' EXIT
find "$corpus" -type f ! -name '*.md' ! -name 'LICENSE*' ! -name '*.toml' ! -name '*.txt' ! -name README | LC_ALL=C sort >"$lists/corpus"
if [ -d "$evaluation/tuning" ]; then
    sets=()
    for set in tuning heldout heldout2 heldout3 heldout4 heldout5; do [ -d "$evaluation/$set" ] && sets+=("$evaluation/$set"); done
    find "${sets[@]}" -type f | LC_ALL=C sort >"$lists/evaluation"
else
    echo "same-output.sh: no evaluation sets at $evaluation (evaluation/fetch.sh fetches them); corpus only" >&2
    : >"$lists/evaluation"
fi

# name, list, analyze options: one output file each.
configurations=()
for scheme in faithful classic; do
    for quality in lowest low high highest; do
        configurations+=("corpus-$quality-$scheme|corpus|--quality $quality --scheme $scheme"
                         "evaluation-$quality-$scheme|evaluation|--quality $quality --scheme $scheme")
    done
    configurations+=("corpus-high-whole-$scheme|corpus|--background-from whole --scheme $scheme"
                     "corpus-high-contrast-4.5-$scheme|corpus|--min-contrast 4.5 --scheme $scheme"
                     "evaluation-high-contrast-4.5-$scheme|evaluation|--min-contrast 4.5 --scheme $scheme")
done
configurations+=("corpus-high-palette|corpus|--palette 12" "evaluation-high-palette|evaluation|--palette 12")

# record BIN DIR: every configuration's output (and exit status) in DIR.
record() {
    local bin=$1 dir=$2 entry name list options
    [ -x "$bin" ] || { echo "same-output.sh: $bin is not executable" >&2; exit 2; }
    mkdir -p "$dir"
    for entry in "${configurations[@]}"; do
        IFS='|' read -r name list options <<<"$entry"
        [ -s "$lists/$list" ] || continue
        status=0
        # shellcheck disable=SC2086  # the options are words
        "$bin" analyze --format json --jobs "$jobs" $options --input-list "$lists/$list" >"$dir/$name.jsonl" 2>/dev/null || status=$?
        echo "$status" >"$dir/$name.status"
    done
}

case "${1:-}" in
    --record) [ $# -eq 3 ] || usage; record "$3" "$2"; echo "recorded $(cat "$2"/*.jsonl | wc -l) outputs of $3 in $2"; exit 0 ;;
    ""|-h|--help) usage ;;
esac
[ $# -eq 2 ] || usage
if [ -d "$1" ]; then a=$1; else a=$lists/a; record "$1" "$a"; fi
b=$lists/b
record "$2" "$b"

different=0 compared=0 images=0
for entry in "${configurations[@]}"; do
    IFS='|' read -r name list options <<<"$entry"
    [ -s "$lists/$list" ] || continue
    [ -f "$a/$name.jsonl" ] || { echo "$name: missing from $a"; different=1; continue; }
    lines=$(wc -l <"$b/$name.jsonl")
    results=$(grep -vc '"error"' "$b/$name.jsonl" || true)
    if cmp -s "$a/$name.jsonl" "$b/$name.jsonl" && cmp -s "$a/$name.status" "$b/$name.status"; then
        echo "same       $name: $lines sources ($results analysed, $((lines - results)) errors)"
    else
        echo "DIFFERENT  $name:"
        diff "$a/$name.jsonl" "$b/$name.jsonl" | head -20 || true
        different=1
    fi
    compared=$((compared + lines)); images=$((images + results))
done
echo "$compared outputs compared ($images of them results), $([ $different = 0 ] && echo "no difference" || echo "DIFFERENCES")"
exit $different
