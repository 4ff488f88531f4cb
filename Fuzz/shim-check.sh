#!/usr/bin/env bash
# Fuzz/shim-check.sh [FILE-OR-FOLDER...]
#
# Leak and memory-error check of the C shim on its own, under valgrind: builds
# Fuzz/ShimCheck/shim_check.c with the shim's sources (no Swift: valgrind cannot run the Swift
# runtime's dispatch threads), then drives every file through every error path the shim has —
# memory and file sources, every DCT scale, libjpeg's memory cap, an expired deadline, a scan
# cap, tight PNG limits — and fails on any leak ("definitely" or "indirectly lost"), invalid
# read or write, or use of uninitialised memory. Default inputs: the shared corpus, Samples/,
# Fuzz/crashes/ and, when present, the fuzzers' working corpora (inputs that reached new code).
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."

corpus="${IMAGECOLORS_CORPUS:-../shared/corpus}"
out="Fuzz/.build-corpus"
mkdir -p "$out"
binary="$out/shim_check"
# shellcheck disable=SC2046
cc -std=gnu11 -O1 -g -Wall -Wextra -ISources/CImageCodecs/include \
    Fuzz/ShimCheck/shim_check.c Sources/CImageCodecs/ic_jpeg.c Sources/CImageCodecs/ic_png.c \
    $(pkg-config --cflags --libs libjpeg libpng16) -o "$binary"

if [ $# -gt 0 ]; then
    mapfile -t files < <(find "$@" -type f | sort)
else
    # Images of the corpus and the samples; every file the fuzzers kept (they have no names).
    mapfile -t files < <({
        find "$corpus" Samples -type f \( -name '*.png' -o -name '*.jpg' \)
        find Fuzz/crashes -type f ! -name '*.md'
        for dir in "$out"/analyze "$out"/jpeg "$out"/png; do [ -d "$dir" ] && find "$dir" -type f; done
    } 2>/dev/null | sort)
fi
echo "== shim check: ${#files[@]} files under valgrind"
printf '%s\0' "${files[@]}" | xargs -0 -n 400 valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$binary"
