#!/usr/bin/env bash
# The house style, checked: `swift format lint --strict` (the rules in .swift-format) over every
# Swift file of the repository, and no line of a Swift file over 120 columns, which swift-format
# cannot promise (it leaves string literals and comments it cannot wrap as they are).
#
# Usage: Scripts/lint.sh          check; exits 1 with the findings
#        Scripts/lint.sh --fix    `swift format -i` every file first, then check
#
# Every Swift file under the root: the Package.swift files of Benchmarks/, Fuzz/, Release/ and
# Sanitizers/ included, build folders (.build*) excluded; the Sources/ and Tests/ links in
# Release/ and Sanitizers/ are not followed (they are the same files).
set -euo pipefail
cd "$(dirname "$0")/.."

width=120
files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
    find . \( -name '.build*' -o -name '.git' -o -name '.swiftpm' \) -prune -o -type f -name '*.swift' -print0 |
        sort -z)

if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --parallel "${files[@]}"
fi

status=0
if ! swift format lint --strict --parallel "${files[@]}"; then
    status=1
fi
# Columns are characters, not bytes (×, ΔE and — are one column each).
if long=$(LC_ALL=C.UTF-8 grep -nE "^.{$((width + 1)),}" "${files[@]}"); then
    echo "$long" | cut -c1-160 | sed "s/\$/ … (over $width columns)/" >&2
    status=1
fi
if [ "$status" -ne 0 ]; then
    echo "lint: style findings above; \`Scripts/lint.sh --fix\` formats, long strings and comments are split by hand" >&2
else
    echo "lint: ${#files[@]} Swift files clean (swift format lint --strict, at most $width columns)"
fi
exit "$status"
